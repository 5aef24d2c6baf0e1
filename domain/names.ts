// What no name may hold (decision 093): a person's or an organization's name is shown to others, in lists, history,
// e-mails and exports, so it must read as what it is. Pure and tiny: the sign-up form's bundle imports it.
/** C0 and C1 control characters, and the invisible direction marks and overrides that make a name read other than it is. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Whether a name (a person's, an organization's) holds a control character (decision 093): names are refused with one. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
