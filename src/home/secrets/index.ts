// The door of src/home/secrets: the secrets the home page shows, copies and rotates (overlay addresses, the Stream Deck token).
export { SecretField } from './SecretField.tsx';
export type { SecretModel } from './SecretModel.ts';
export { SecretNote } from './SecretNote.tsx';
export { overlayAddress, overlaySecrets, streamDeckCurl, streamDeckSecret } from './secrets.ts';
