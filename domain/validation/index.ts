// Answer validation, conditional visibility and typing normalizers for application questions
// (spec 4 "Conditional questions", "Save enablement"; spec 5), split by concern. Shared by the browser
// form and the API server, so it is pure: no I/O, no DOM, no Node APIs. This index names the public
// rules; the helpers the modules share among themselves stay inside the folder.

export { URL_EXAMPLE_HOST, VALIDATION_MSG } from './messages';
export { NOT_APPLICABLE, PERCENT_OF_TOTAL_THRESHOLD, MIN_DATE, PHONE_DIGITS, ZIP_MAX_DIGITS, DATE_INPUT_LENGTH, APPLICATION_NUMBER_PREFIX, APPLICATION_NUMBER_LENGTH, FILE_NAME_DISPLAY_MAX, INDENT_PX_PER_LEVEL, UEI_SYSTEM_NO, MAX_UPLOAD_BYTES, BLOCKED_FILE_EXTENSIONS, DOCUMENT_FILE_EXTENSIONS } from './limits';
export { type ValidationContext, type ValidateOptions, isEmptyAnswer, answersBySystemNoFrom } from './answers-common';
export { type CurrencyParts, currencyParts, parseCurrency } from './amounts';
export { formatCalendarDay, parseDateString, resolveDateBound, validateDateString } from './dates';
export { isQuestionVisible, dependentsOf, clearDependentAnswers, isEffectivelyMandatory, mandatoryFieldsFilled, inputMaxLength } from './conditions';
export { fileExtension, isBlockedFileName, validateUploadFileName, validateDocumentFile, validateAnswerFile, validateMessageAttachment } from './files';
export { type AddressPart, type AddressErrors, validateAddress, validateTableCell, type TableCellError, validateTableRows } from './compound';
export { validateAnswer, validateAnswers, percentOfTotalWarning } from './answers';
export { numberInput, autoSlashDate, normalizeApplicationNumber, alphanumericInput } from './typing';
export { digitsOnly, truncateFileName, displayLevel } from './display';
