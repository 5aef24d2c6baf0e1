// Limits, formats and patterns of answers (spec 5): lengths, digits, upload size and file types.

export const NOT_APPLICABLE = 'Not Applicable';
export const PERCENT_OF_TOTAL_THRESHOLD = 0.25;
export const MIN_DATE = '01/01/1900';
export const PHONE_DIGITS = 10;
export const ZIP_MAX_DIGITS = 9;
export const DATE_INPUT_LENGTH = 10;
export const APPLICATION_NUMBER_PREFIX = 'GA-';
export const APPLICATION_NUMBER_LENGTH = 9;
export const FILE_NAME_DISPLAY_MAX = 30;
export const INDENT_PX_PER_LEVEL = 20;
export const UEI_SYSTEM_NO = '6';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const BLOCKED_FILE_EXTENSIONS: readonly string[] = [
  'exe', 'dll', 'bat', 'cmd', 'com', 'msi', 'vbs', 'scr', 'jar', 'jse', 'ws', 'wsf', 'wsh', 'ps1', 'sh', 'bash',
  'appx', 'msix', 'msp', 'cpl', 'gadget', 'inf1', 'ins', 'inx', 'isu', 'job', 'pif', 'reg', 'rgs', 'sys',
];
export const DOCUMENT_FILE_EXTENSIONS: readonly string[] = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'xlsm', 'jpg', 'jpeg', 'png'];

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const NAME_PATTERN = /^[A-Za-z\u00C0-\u024F' -]+$/;
export const NUMBER_PATTERN = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
export const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
export const APPLICATION_NUMBER_PATTERN = /^GA-[A-Z0-9]{6}$/;
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9 -]*$/;
export const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;
