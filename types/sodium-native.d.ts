// The parts of sodium-native (libsodium bindings) the shop uses: XChaCha20-Poly1305 for sealed personal data (decision 0276).
declare module 'sodium-native' {
  /** Writes the ciphertext and its 16-byte tag into `ciphertext` (message length + 16); the bytes written. */
  export function crypto_aead_xchacha20poly1305_ietf_encrypt(ciphertext: Uint8Array, message: Uint8Array, additionalData: Uint8Array | null, secretNonce: null, nonce: Uint8Array, key: Uint8Array): number;
  /** Writes the clear text into `message` (ciphertext length - 16); throws when the value does not authenticate. */
  export function crypto_aead_xchacha20poly1305_ietf_decrypt(message: Uint8Array, secretNonce: null, ciphertext: Uint8Array, additionalData: Uint8Array | null, nonce: Uint8Array, key: Uint8Array): number;
}
