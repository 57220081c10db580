/** 128 random bits as hex: the instance id put in a module frame's URL fragment. */
export function randomInstanceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
