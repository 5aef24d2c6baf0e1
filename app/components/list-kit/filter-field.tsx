/**
 * One field of a filter drawer (decision 024: every choice has a default that means "no filter"): a select whose
 * empty first choice (`any`) asks for everything, or, without `options`, a date input (yyyy-MM-dd). Plain
 * elements, kit classes; its id is `filter-{name}`.
 */
export function FilterField({ name, label, value, any, options }: {
  name: string; label: string; value: string | undefined; any?: string; options?: readonly { value: string; label: string }[];
}) {
  const id = `filter-${name}`;
  return (
    <div className="ui-filter-group">
      <label htmlFor={id} className="ui-filter-label">
        {label}
      </label>
      {options ? (
        <select id={id} name={name} defaultValue={value ?? ''} className="ui-select">
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} name={name} type="date" defaultValue={value ?? ''} className="ui-input" />
      )}
    </div>
  );
}
