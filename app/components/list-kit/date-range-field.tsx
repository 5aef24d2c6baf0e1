import { DATE_RANGES, DATE_RANGE_LABELS } from '../../../domain/dates';

/** The date range's "no filter" choice: an empty value, which a list's state reads as no date range. */
export const ANY_TIME = { value: '', label: 'Any time' } as const;

/**
 * A filter drawer's date range (spec 2: Today, This Week, Past Week, This Month, one at a time) as radios named
 * `range`, with "Any time" checked when none is applied (decision 024: a browser that submits the form as it is,
 * lynx checking a group's first radio, asks for everything, not for Today). Plain elements, kit classes.
 */
export function DateRangeField({ legend, value }: { legend: string; value: string | undefined }) {
  const range = value ?? ANY_TIME.value;
  return (
    <fieldset className="ui-filter-group">
      <legend>{legend}</legend>
      {[ANY_TIME, ...DATE_RANGES.map((v) => ({ value: v, label: DATE_RANGE_LABELS[v] }))].map((choice) => (
        <label key={choice.value || 'any'}>
          <input type="radio" name="range" value={choice.value} defaultChecked={range === choice.value} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
