import { DIALOG_PARAMS, LIST_PARAMS, queryPairs } from '../../utils/url-state';

/**
 * The rest of the URL state as hidden fields, so a GET form (search, filters, page size) changes only its own
 * parameters. The page always starts again at 1 and open dialogs close. A name given twice in the address is carried
 * once, as the list reads it (its first value): a form's names are unique but for its choices.
 */
export function HiddenParams({ search, omit }: { search: string; omit: readonly string[] }) {
  const skip = new Set<string>([...omit, LIST_PARAMS.page, ...DIALOG_PARAMS]);
  const carried: [string, string][] = [];
  for (const [name, value] of queryPairs(search)) {
    if (skip.has(name)) continue;
    skip.add(name);
    carried.push([name, value]);
  }
  return (
    <>
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
