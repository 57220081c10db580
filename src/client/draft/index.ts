export { EtagDraft, type EtagDraftOptions, type EtagHolder, type EtagWriteResult } from './EtagDraft.ts';
