import { DIALOG_PARAMS, LIST_PARAMS } from '../../utils/url-state';

/**
 * The rest of the URL state as hidden fields, so a GET form (search, filters, page size) changes only its own
 * parameters. The page always starts again at 1 and open dialogs close.
 */
export function HiddenParams({ search, omit }: { search: string; omit: readonly string[] }) {
  const skip = new Set<string>([...omit, LIST_PARAMS.page, ...DIALOG_PARAMS]);
  return (
    <>
      {Array.from(new URLSearchParams(search))
        .filter(([name]) => !skip.has(name))
        .map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
