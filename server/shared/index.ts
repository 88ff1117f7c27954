/**
 * Rules the browser and the server must apply alike, written once: MIME
 * matching, byte units, the int4 bound, validation issues as field errors,
 * the tRPC batch size, text PostgreSQL stores exactly, required text that must show something,
 * a day the calendar has, names trimmed of invisible ends and isolated from the words around them,
 * code names as words.
 * Browser-safe: nothing here imports Node, database, storage or React code,
 * so both `@/server` and `@/server/client` re-export it.
 */
export { MAX_BATCH_SIZE } from './batchSize';
export { formatBytes, GiB, KiB, MiB } from './byteSizes';
export { calendarDate, isCalendarDate } from './calendarDate';
export { MAX_INT4, MIN_INT4 } from './int4';
export { isolateText } from './isolateText';
export { type IssueFieldOptions, type IssueLike, issueFieldErrors } from './issueFieldErrors';
export { MIME_TYPE_PATTERN, mimeEssence, mimeMatches } from './mimeMatches';
export { lowerWords, nameWords, sentenceWords } from './nameWords';
export { truncateText, unstorableTextRule } from './storableText';
export { trimInvisible } from './trimInvisible';
export { hasLineBreakOrControl, hasVisibleCharacter, ONE_LINE, singleLineText, visibleText } from './visibleText';
export { withTimeout } from './withTimeout';
