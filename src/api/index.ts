// The door of src/api: every name the other folders use, file by file; the rest of each file's exports are its own and its tests'.
export {
  ALERT_QUEUE_COMMANDS, ALERT_QUEUE_MAX, ALERT_REPORT_TTL_MS, ALERT_SECONDS_DEFAULT, ALERT_SECONDS_MAX, ALERT_STATE_COMMANDS, type AlertCommand,
  type AlertQueueCommand, type AlertReport, AlertReportSchema, ALERTS_PATH, ALERTS_REPORT_PATH, type AlertsRevision, AlertsRevisionSchema,
  type AlertsState, AlertsStateSchema, entersAlertQueue, isOlderAlertsRevision, type LiveAlertCommandMessage, LiveAlertCommandSchema,
  type LiveAlertsMessage, LiveAlertsSchema, type RevisedAlertsState, RevisedAlertsStateSchema,
} from './alerts.ts';
export { type OverlayToken, OverlayTokenSchema, type TokenContext, ValidateSchema, type Validation } from './auth.ts';
export { type Clock, systemClock } from './Clock.ts';
export { type DatabaseEntry, DatabaseEntrySchema, type DatabaseValues, DatabaseValuesSchema, type Json } from './database.ts';
export { createDeadlineSweeper, type DeadlineSweeper } from './createDeadlineSweeper.ts';
export { describeError } from './describeError.ts';
export { describeSchemaIssue } from './describeSchemaIssue.ts';
export { AUTH_MESSAGES, type ErrorBody } from './errorBody.ts';
export { isKind, type Kind, KINDS, KindSchema } from './kind.ts';
export { jsonByteLength, LIMITS } from './limits.ts';
export { codeForStatus, ERROR_CODES, type ErrorCode, isErrorCode, OverlayError } from './OverlayError.ts';
export { type Profile, ProfileSchema, type PublicProfile, PublicProfileSchema, SelectedSchema } from './profile.ts';
export { toPublicProfile } from './publicProfile.ts';
export { isModuleId, moduleIdProblem, type ResolvedKey, resolveKey } from './resolveKey.ts';
export { type ModuleEntry, ModuleManifestSchema } from './manifest.ts';
export { checkSettingValue, numberBounds } from './checkSettingValue.ts';
export { type Setting, type Settings, SettingsSchema } from './settings.ts';
export { settingValues } from './settingValues.ts';
export { selectedModules } from './selectedModules.ts';
export {
  type AlertsSwitches, type AlertStart, BRIDGE_VERSION, type BridgeError, type BridgeEventName, type BridgeMethod, type BridgeRequest,
  type ChangeEvent, type Hello, HelloSchema, type HostMessage, HostMessageSchema, METHOD_PARAMS, type ModuleContext, ModuleMessageSchema,
  type ReadyInfo, type Refusal, type StatusEvent, type Welcome,
} from './bridge.ts';
export { type Box, BOX_LIMITS, type Boxes, boxOf, CANVAS_HEIGHT, CANVAS_WIDTH, type Layout, LayoutSchema } from './layout.ts';
export {
  LIVE_CLOSE, LIVE_PATH, LIVE_STATUSES, type LiveAuth, LiveAuthSchema, type LiveServerMessage, LiveServerMessageSchema, type LiveStatus,
} from './live.ts';
export { MODULE_API_PARAM, MODULE_ORIGIN_META, moduleOriginOf, moduleOriginProblem, SITE_PLACEHOLDER } from './moduleOrigin.ts';
export {
  EVENT_ID_MAX_LENGTH, EVENT_MAX_BYTES, EVENT_TYPE_MAX_LENGTH, EVENT_TYPE_PATTERN, type EventPage, EventPageSchema, LiveEventSchema,
  LiveEventsResetSchema, MISSED_EVENTS_WINDOW_MS, type PostEvent, type StreamEvent, StreamEventSchema,
} from './streamEvents.ts';
export { EVENTSUB_EXAMPLES, exampleEvent, type ExampleType, hasAmount, TEST_BUTTONS, testEventBody } from './eventSubExamples.ts';
export {
  TWITCH_LOG_IN_AGAIN, TWITCH_LOGIN_PATH, TWITCH_STATE_PATH, type TwitchLoginStart, type TwitchState, TwitchStateSchema,
} from './twitchState.ts';
export {
  SESSIONS_PATH, SIGN_IN_CALLBACK_PATH, SIGN_IN_PATH, type WebsiteSessionInfo, type WebsiteSessionList, WebsiteSessionListSchema,
} from './sessions.ts';
export { signInErrorCode, signInErrorMessage } from './signInErrors.ts';
export { MEDIA_FILE_PATH, MEDIA_PATH, type MediaItem, MediaItemSchema, type MediaKind, type MediaList, MediaListSchema } from './media.ts';
export { isMediaSettingType, type MediaSettingType } from './mediaSetting.ts';
export { DEV_DATABASE_PATH, DEV_PROFILE_PATH, DevDatabaseSchema, type DevEntry } from './dev.ts';
export {
  type Favourites, FAVS_OF, FAVS_PATH, layoutPath, LOGOUT_PATH, overlayRotatePath, PROFILE_PATH, RotatedOverlaySchema, RotatedStreamDeckSchema,
  SELECTED_PATH, type Selection, STREAMDECK_ROTATE_PATH,
} from './profileWrites.ts';
export { DOCK_PAGE_PATH, HOME_PAGE_PATH, SIGN_IN_ERROR_PARAM, TOKEN_PARAM, withSignInErrorFragment, withTokenFragment } from './pageAddresses.ts';
export { parseApiBase } from './parseApiBase.ts';
