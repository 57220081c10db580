// The door of src/home/sessions: the Signed in section (the streamer's sign-in sessions, each revocable).
export { SessionsModel } from './SessionsModel.ts';
export { SessionsSection } from './SessionsSection.tsx';
