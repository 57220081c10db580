export type { AlertStore, AlertSwitchChange, AlertSwitches, StoredAlertReport, StoredAlertState } from './AlertStore.ts';
export { type AlertControl, type AlertControlOptions, type AlertNotices, createAlertControl } from './createAlertControl.ts';
export { createMemoryAlertStore } from './memoryAlertStore.ts';
export { openAlertStore } from './openAlertStore.ts';
export { ALERT_KEYS, createRedisAlertStore } from './redisAlertStore.ts';
export { createSqliteAlertStore } from './sqliteAlertStore.ts';
