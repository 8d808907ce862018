import { describe, expect, it } from 'vitest';
import { emailProblem, isValidEmail, isValidPassword, PASSWORD_RULE_MESSAGE, passwordProblem } from './credentials.js';
import { imageFileNameProblem, isImageFileName } from './image-file-name.js';

describe('password rule', () => {
  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false], // no uppercase
    ['ABCDEFG1', false], // no lowercase
    ['Abcdefgh', false], // no digit
    ['Abcdef1', false], // 7 characters
    ['', false],
  ])('%s → %s', (password, ok) => {
    expect(isValidPassword(password)).toBe(ok);
    expect(passwordProblem(password)).toBe(ok ? null : PASSWORD_RULE_MESSAGE);
  });
  it('says what a password needs', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Please choose a password of at least 8 characters with a number, a lowercase and an uppercase letter.',
    );
  });
});

describe('e-mail pattern', () => {
  it.each([
    ['ada@example.com', true],
    [' ada@example.co.uk ', true],
    ['ada@example', false],
    ['ada example@x.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
  ])('%s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
    expect(emailProblem(email)).toBe(ok ? null : 'Please enter a valid e-mail address.');
  });
});

describe('image file names', () => {
  it.each([
    ['photo.jpeg', true],
    ['photo.JPG', true],
    ['anim.gif', true],
    ['scan.png', true],
    ['scan.pdf', false],
    ['png', false],
    ['photo.jpg.exe', false],
  ])('%s → %s', (name, ok) => {
    expect(isImageFileName(name)).toBe(ok);
    expect(imageFileNameProblem(name)).toBe(ok ? null : 'Please upload images as JPEG, JPG, GIF or PNG files.');
  });
});
