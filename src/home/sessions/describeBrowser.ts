/** Browsers by the first `User-Agent` product that names them; order matters (Edge and Opera also say Chrome, Chrome also says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bOBS\//, 'OBS'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** Systems, mobile ones first (Android's `User-Agent` also says Linux, an iPhone's says Mac OS X). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A short readable browser from a `User-Agent`, e.g. `Firefox on Windows`; `an unknown browser` without one. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'an unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // Something else (a bot, a script): its first product, shortened.
  return userAgent.split(/[\s/]/, 1)[0]!.slice(0, 40);
}
