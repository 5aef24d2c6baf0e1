/**
 * A hidden field a form carries only once the page has hydrated: the action then knows a refusal can be a toast
 * (JavaScript shows it and it leaves by itself); without it the refusal is re-rendered in the page instead.
 */
export const SCRIPT_FIELD = 'script';
