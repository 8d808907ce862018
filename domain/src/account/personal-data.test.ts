import { describe, expect, it } from 'vitest';
import { ERASED, erasePersonalFields, mapPersonalFields, subjectNamedBy } from './personal-data.js';

describe('personal fields', () => {
  it('erases exactly the declared fields that are present, and leaves the input alone', () => {
    const data = { name: 'Sofa', shipping_notes: { shipping_address: { line1: '1 Main St', city: 'Brooklyn' }, delivery_type: 0 }, at: 't', by: 'u' };
    expect(erasePersonalFields('DraftSaved', data)).toEqual({
      name: 'Sofa',
      shipping_notes: { shipping_address: { line1: ERASED, city: ERASED }, delivery_type: 0 },
      at: 't',
      by: 'u',
    });
    expect(data.shipping_notes.shipping_address.line1).toBe('1 Main St');
    expect(erasePersonalFields('PaymentRecorded', { amount: 100 })).toEqual({ amount: 100 });
  });
  it('gives every personal value with its path to the mapper', () => {
    const seen: string[] = [];
    mapPersonalFields('Registered', { userId: 'u', email: 'a@b.c', name: 'A', phone: '' }, (value, path) => (seen.push(`${path}=${value}`), value));
    expect(seen).toEqual(['email=a@b.c', 'name=A', 'phone=']);
  });
  it('knows which events name a stream’s subject', () => {
    expect(subjectNamedBy('ProjectCreated', { ownerId: 'u-1' })).toBe('u-1');
    expect(subjectNamedBy('ProjectTransferred', { toUserId: 'u-2' })).toBe('u-2');
    expect(subjectNamedBy('DraftSaved', { ownerId: 'u-1' })).toBeNull();
  });
});
