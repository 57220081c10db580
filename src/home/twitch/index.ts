// The door of src/home/twitch: the Twitch section (the connection's state and the device flow).
export { TwitchModel } from './TwitchModel.ts';
export { TwitchSection } from './TwitchSection.tsx';
