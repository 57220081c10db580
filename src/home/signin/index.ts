// The door of src/home/signin: signing the tab in (a pasted token, Sign in with Twitch), a token offered in the address, and reading that address.
export { AccountSwitch, type OfferedAccount } from './AccountSwitch.ts';
export { AccountSwitchPrompt } from './AccountSwitchPrompt.tsx';
export { type HomeAddress, readHomeAddress } from './readHomeAddress.ts';
export { SignIn } from './SignIn.tsx';
