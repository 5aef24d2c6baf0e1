// ?check=1 on the form (issue 41 item 8): the section is shown with the submit's own completeness rule applied (the
// API's GET section ?required=true), each unanswered required question with its message beside it. The links of a
// refused submit's summary carry it, so it works without JavaScript and on reload; a save made there keeps it.
export const CHECK_PARAM = 'check';

/** Whether the URL asks for the check. */
export const isChecking = (search: URLSearchParams): boolean => search.get(CHECK_PARAM) === '1';

/** The step's address with the check on. */
export const checkedStep = (base: string, slug: string): string => `${base}?step=${encodeURIComponent(slug)}&${CHECK_PARAM}=1`;
