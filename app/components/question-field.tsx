// One question of a dynamic form (spec 2 Application form, 5): label with its dotted number indented
// 20px per level, instructions, the input for its type, and its error tied to it (aria-describedby).
// Plain elements with the build-time classes of question-classes.ts (decision 021): no Chakra component and no
// inline style per question. Inputs filter what is typed by spec 5's rules with JavaScript (FilteredInput:
// domain/typed-input.ts, utils/formatted-input.ts); the server checks every save in any case.
//
// Ids, for links and aria-describedby (the error summary links to `#q-{questionId}`):
//   q-{questionId}            the question's first control (for a table, its scrolling region)
//   q-{questionId}-hint       its instructions           q-{questionId}-error    its error message
//   q-{questionId}-warning    its warning                q-{questionId}-typing   the polite live region of its filters
//   q-{questionId}-zip-error  an address's zip input message
import { useEffect, useState, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { TextArea, TextInput } from './text-input';
import { FilteredInput } from './filtered-input';
import { columnKey, type AnswerValue, type QuestionDef, type TableColumn } from '../../domain/questions';
// Direct imports, not the validation index: the first load must not reach the answer checks (live-check.ts).
import { inputMaxLength } from '../../domain/validation/conditions';
import { displayLevel } from '../../domain/validation/display';
import { NOT_APPLICABLE } from '../../domain/validation/limits';
import { addressZip, formatCurrency, formatPhone, formatZip } from '../../domain/format';
import type { TypedKind } from '../../domain/typed-input';
import { JURISDICTIONS } from '../../domain/jurisdictions';
import { cellName, fieldName, partName, rowCountName } from '../utils/question-form';
import { loadTyping, reformat, useTableTotals } from '../utils/formatted-input';
import { nativeSelectStyle } from './forms';
import { FileQuestion, type UploadSettings } from './file-question';

export interface FormQuestion extends QuestionDef {
  instructions?: string | null;
  placeholder?: string | null;
  /** A template to download (spec 2: fetched by system number, opened in a new tab). */
  hasTemplate?: boolean;
  /** A File answer held for a virus scan (decision 097): "Not scanned yet". */
  scanMessage?: string;
}

export interface QuestionFieldProps {
  question: FormQuestion;
  value: AnswerValue | undefined;
  error?: string | null;
  warning?: string | null;
  disabled: boolean;
  mandatory: boolean;
  hidden?: boolean;
  /** Options computed by the server (project areas for question 21). */
  options?: string[];
  onValueChange?: (questionId: string, value: AnswerValue) => void;
  /** Where File questions upload to (the application form); without it they are shown read-only. */
  uploads?: UploadSettings;
}

/** The label of the checked-by-default choice of a radio question without an answer (saved as no answer). */
export const NOT_ANSWERED = 'Not answered';

/** The id of a question's first control, and the stem of its other ids (see the table at the top). */
export const questionFieldId = (questionId: string) => `q-${questionId}`;

const asText = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** A visually hidden live region where a filtering input says, politely, why a typed character was not taken. */
const TypingStatus = ({ id }: { id: string }) => <span id={id} className="visually-hidden" aria-live="polite" />;

export function QuestionField(props: QuestionFieldProps) {
  const { question: q, error, warning, mandatory, hidden } = props;
  const id = questionFieldId(q.id);
  const hintId = q.instructions ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  const describedBy = [hintId, errorId, warningId].filter(Boolean).join(' ') || undefined;
  const level = Math.min(displayLevel(q.systemNo), 5) || undefined;
  const grouped = q.type === 'Checkbox' || q.type === 'Radio' || q.type === 'Address' || q.type === 'Table' || q.type === 'File';

  if (q.type === 'Header') {
    return (
      <div className="q-header" data-level={level} hidden={hidden} data-question={q.systemNo}>
        <h3>
          {q.systemNo}. {q.text}
        </h3>
        {q.instructions ? <p>{q.instructions}</p> : null}
      </div>
    );
  }

  const label = (
    <>
      <span>{q.systemNo}. </span>
      {q.text}
      {mandatory ? (
        <>
          <span aria-hidden="true" className="q-required"> *</span>
          <span className="visually-hidden"> (required)</span>
        </>
      ) : null}
    </>
  );

  const control = renderControl({ ...props, id, describedBy, invalid: !!error });
  const hint = q.instructions ? <p id={hintId} className="q-hint">{q.instructions}</p> : null;
  const template = q.hasTemplate ? (
    <p className="q-template">
      <a href={`/resources/template/${encodeURIComponent(q.systemNo)}`} target="_blank" rel="noopener">
        Download template<span className="visually-hidden"> for question {q.systemNo} (opens in a new tab)</span>
      </a>
    </p>
  ) : null;
  return (
    <div
      className="q-field"
      data-level={level}
      hidden={hidden}
      data-question={q.systemNo}
      data-type={q.type}
      data-response-type={q.responseType ?? undefined}
      data-invalid={error ? 'true' : undefined}
    >
      {grouped ? (
        <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          <legend id={`${id}-label`} className="q-label">{label}</legend>
          {hint}
          {template}
          {control}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id} className="q-label">
            {label}
          </label>
          {hint}
          {template}
          {control}
        </>
      )}
      {error ? (
        <p id={errorId} className="q-error" data-testid="question-error">
          {error}
        </p>
      ) : null}
      {warning ? (
        <p id={warningId} className="q-warning">
          {warning}
        </p>
      ) : null}
    </div>
  );
}

type ControlProps = QuestionFieldProps & { id: string; describedBy?: string; invalid: boolean };

/** The filter of a Text question's response type (spec 5 Text input), if it has one. */
function textKind(responseType: QuestionDef['responseType']): TypedKind | undefined {
  return responseType === 'PhoneNumber' ? 'phone' : responseType === 'Number' ? 'number' : responseType === 'Currency' ? 'currency' : undefined;
}

function renderControl(p: ControlProps): ReactNode {
  const { question: q, value, disabled, id, describedBy, invalid, onValueChange } = p;
  const typingId = `${id}-typing`;
  const common = { id, disabled, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined } as const;
  const notify = (v: AnswerValue) => onValueChange?.(q.id, v);
  // A field that filters is also described by its live region (why a character was refused).
  const filtering = { ...common, 'aria-describedby': [describedBy, typingId].filter(Boolean).join(' ') };
  switch (q.type) {
    case 'Text': {
      if (q.responseType === 'Multiline') {
        return <TextArea {...common} name={fieldName(q.id)} rows={4} defaultValue={asText(value)} placeholder={q.placeholder ?? undefined} maxLength={inputMaxLength(q)} onChange={(e) => notify(e.target.value)} />;
      }
      const type = q.responseType === 'Email' ? 'email' : q.responseType === 'Url' ? 'url' : q.responseType === 'PhoneNumber' ? 'tel' : 'text';
      const inputMode = q.responseType === 'Number' || q.responseType === 'Currency' ? 'decimal' : q.responseType === 'PhoneNumber' ? 'tel' : undefined;
      const currency = q.responseType === 'Currency';
      const phone = q.responseType === 'PhoneNumber';
      const kind = q.readOnly ? undefined : textKind(q.responseType);
      // Spec 5: amounts grouped ('1,234,567.50', the $ outside), phones as (xxx) xxx-xxxx; stored plain (answersFromForm).
      const shown = currency ? formatCurrency(asText(value)) : phone ? formatPhone(asText(value)) : asText(value);
      const attributes = {
        name: fieldName(q.id),
        type,
        inputMode,
        defaultValue: shown,
        placeholder: q.placeholder ?? undefined,
        maxLength: inputMaxLength(q),
        readOnly: q.readOnly,
        onBlur: currency ? (e: FocusEvent<HTMLInputElement>) => reformat(e.currentTarget, formatCurrency) : undefined,
      } as const;
      const input = kind ? (
        <FilteredInput {...filtering} {...attributes} kind={kind} statusId={typingId} onValue={notify} />
      ) : (
        <TextInput {...common} {...attributes} onChange={(e: ChangeEvent<HTMLInputElement>) => notify(e.target.value)} />
      );
      return (
        <>
          {currency ? (
            <div className="q-affix">
              <span aria-hidden="true">$</span>
              {input}
            </div>
          ) : (
            input
          )}
          {kind ? <TypingStatus id={typingId} /> : null}
        </>
      );
    }
    case 'Date':
      return (
        <>
          <FilteredInput
            {...filtering}
            kind="date"
            statusId={typingId}
            onValue={notify}
            className="q-date"
            name={fieldName(q.id)}
            type="text"
            inputMode="numeric"
            placeholder={q.placeholder ?? 'MM/DD/YYYY'}
            defaultValue={asText(value)}
          />
          <TypingStatus id={typingId} />
        </>
      );
    case 'Dropdown': {
      const options = p.options ?? q.responseOptions?.map((o) => o.name) ?? [];
      return (
        <select {...common} name={fieldName(q.id)} defaultValue={asText(value)} style={nativeSelectStyle} onChange={(e) => notify(e.target.value)}>
          <option value="">Select an option</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    case 'Radio': {
      // A radio group always has a checked choice (a text browser checks the first one of a group that has none,
      // which saved an unanswered question as its first option): without an answer it is "Not answered", whose
      // empty value the server reads as no answer (required on submit like any empty answer).
      const answered = (q.responseOptions ?? []).some((o) => o.name === value);
      return (
        <div className="q-choices">
          {(q.responseOptions ?? []).map((o, i) => (
            <label key={o.name}>
              <input type="radio" id={i === 0 ? id : undefined} name={fieldName(q.id)} value={o.name} defaultChecked={value === o.name} disabled={disabled} onChange={() => notify(o.name)} />
              {o.name}
            </label>
          ))}
          <label className="q-none">
            <input type="radio" name={fieldName(q.id)} value="" defaultChecked={!answered} disabled={disabled} onChange={() => notify('')} />
            {NOT_ANSWERED}
          </label>
        </div>
      );
    }
    case 'Checkbox':
      return <CheckboxGroup {...p} id={id} />;
    case 'Address':
      return <AddressInput {...p} id={id} />;
    case 'Table':
      return <TableInput {...p} id={id} />;
    case 'File':
      return <FileQuestion id={id} questionId={q.id} label={q.text} value={value} disabled={disabled} describedBy={describedBy} uploads={p.uploads} notScanned={q.scanMessage} />;
    default:
      return null;
  }
}

function CheckboxGroup({ question: q, value, disabled, id, onValueChange }: ControlProps) {
  const initial = Array.isArray(value) ? (value as string[]) : [];
  const [chosen, setChosen] = useState<string[]>(initial);
  const multiple = !!q.additionalMetadata?.multiple;
  const notApplicable = chosen.includes(NOT_APPLICABLE);
  return (
    <div className="q-choices">
      {(q.responseOptions ?? []).map((o, i) => (
        <label key={o.name}>
          <input
            type="checkbox"
            id={i === 0 ? id : undefined}
            name={fieldName(q.id)}
            value={o.name}
            defaultChecked={initial.includes(o.name)}
            // Spec 5: choosing 'Not Applicable' disables the other options (with JavaScript; the server checks too).
            disabled={disabled || (multiple && notApplicable && o.name !== NOT_APPLICABLE)}
            onChange={(e) => {
              const next = e.target.checked ? [...chosen, o.name] : chosen.filter((c) => c !== o.name);
              setChosen(next);
              onValueChange?.(q.id, next);
            }}
          />
          {o.name}
        </label>
      ))}
    </div>
  );
}

function AddressInput({ question: q, value, disabled, id }: ControlProps) {
  const address = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, string>;
  // Spec 5 Address: the zip input's own message, with JavaScript once the zip is left with another number of
  // digits than 5 or 9 (the profile's save has its own wording, shown as the question's error).
  const [zipMessage, setZipMessage] = useState<string | null>(null);
  useEffect(() => setZipMessage(null), [value]);
  const partId = (key: string) => (key === 'street_address_1' ? id : `${id}-${key}`);
  const zipErrorId = `${id}-zip-error`;
  const zipTypingId = `${id}-zip-typing`;
  const part = (key: string, label: string, opts: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={partId(key)}>{label}</label>
      <TextInput id={partId(key)} name={partName(q.id, key)} defaultValue={address[key] ?? ''} disabled={disabled} {...opts} />
    </div>
  );
  return (
    <div className="q-address">
      <p>Country: United States</p>
      {part('street_address_1', 'Street address 1', { autoComplete: 'address-line1' })}
      {part('street_address_2', 'Street address 2 (optional)', { autoComplete: 'address-line2' })}
      <div className="q-row">
        {part('city', 'City', { autoComplete: 'address-level2' })}
        <div>
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} name={partName(q.id, 'state')} defaultValue={address.state ?? ''} disabled={disabled} style={{ ...nativeSelectStyle, width: 'auto' }}>
            <option value="">Select a state</option>
            {JURISDICTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {/* Spec 5: entered as digits, shown with a dash after 5 (12345-6789); stored as digits. */}
        <div>
          <label htmlFor={partId('zip')}>Zip code</label>
          <FilteredInput
            kind="zip"
            statusId={zipTypingId}
            id={partId('zip')}
            name={partName(q.id, 'zip')}
            defaultValue={formatZip(addressZip(address))}
            disabled={disabled}
            autoComplete="postal-code"
            inputMode="numeric"
            aria-invalid={zipMessage ? true : undefined}
            aria-describedby={zipMessage ? `${zipErrorId} ${zipTypingId}` : zipTypingId}
            onBlur={(e) => {
              const typed = e.currentTarget.value;
              loadTyping().then(({ zipInputError }) => setZipMessage(zipInputError(typed)), () => undefined);
            }}
            onValue={(typed) => {
              if (zipMessage) loadTyping().then(({ zipInputError }) => setZipMessage(zipInputError(typed)), () => undefined);
            }}
          />
        </div>
      </div>
      <TypingStatus id={zipTypingId} />
      {zipMessage ? (
        <p id={zipErrorId} className="q-error" data-testid="zip-input-error">
          {zipMessage}
        </p>
      ) : null}
    </div>
  );
}

/** The filter of a table column (spec 5 Table input types), if it has one. */
function cellKind(type: TableColumn['type']): TypedKind | undefined {
  switch (type) {
    case 'Alphanumeric':
      return 'alphanumeric';
    case 'ApplicationNumber':
      return 'applicationNumber';
    case 'Number':
      return 'number';
    case 'Currency':
      return 'currency';
    case 'Date':
      return 'date';
    default:
      return undefined;
  }
}

function TableInput({ question: q, value, disabled, id }: ControlProps) {
  const columns = q.tableColumns ?? [];
  const rows = Array.isArray(value) && value.length ? (value as Record<string, string>[]) : [Object.fromEntries(columns.map((c) => [columnKey(c.name), '']))];
  const readOnlyTable = q.readOnly || columns.every((c) => c.type === 'Readonly');
  const rowActions = q.addMoreRows && !disabled && !readOnlyTable;
  const typingId = `${id}-typing`;
  const cueId = `${id}-cue`;
  // Spec 5: tables with totals sum each Number and Currency column, live as cells are typed (with JS).
  const { totals, onInput } = useTableTotals({ questionId: q.id, columns, rows, enabled: !!q.additionalMetadata?.hasTotals, value });
  const cell = (c: TableColumn, row: Record<string, string>, r: number) => {
    const key = columnKey(c.name);
    const label = `${c.name}, row ${r + 1}`;
    const name = cellName(q.id, r, key);
    if (c.type === 'Dropdown') {
      return (
        <select aria-label={label} name={name} defaultValue={row[key] ?? ''} disabled={disabled} style={nativeSelectStyle}>
          <option value="">Select an option</option>
          {(c.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    if (c.type === 'Multiline') return <TextArea aria-label={label} name={name} defaultValue={row[key] ?? ''} disabled={disabled} rows={2} />;
    const kind = cellKind(c.type);
    const attributes = {
      'aria-label': label,
      name,
      defaultValue: c.type === 'Currency' ? formatCurrency(row[key] ?? '') : row[key] ?? '',
      disabled,
      inputMode: c.type === 'Number' || c.type === 'Currency' ? 'decimal' : c.type === 'Date' ? 'numeric' : undefined,
      placeholder: c.type === 'Date' ? 'MM/DD/YYYY' : c.type === 'ApplicationNumber' ? 'GA-XXXXXX' : undefined,
      onBlur: c.type === 'Currency' ? (e: FocusEvent<HTMLInputElement>) => reformat(e.currentTarget, formatCurrency) : undefined,
    } as const;
    const input = kind ? <FilteredInput {...attributes} aria-describedby={typingId} kind={kind} statusId={typingId} /> : <TextInput {...attributes} />;
    return c.type === 'Currency' ? (
      <div className="q-affix">
        <span aria-hidden="true">$</span>
        {input}
      </div>
    ) : (
      input
    );
  };
  return (
    <>
      <input type="hidden" name={rowCountName(q.id)} value={rows.length} />
      {/* Spec at 390 px: the table scrolls sideways inside its own labelled, focusable region, and says so. */}
      <p id={cueId} className="q-table-cue">
        Scroll sideways to see every column.
      </p>
      <section id={id} className="q-table-region" aria-labelledby={`${id}-label`} aria-describedby={cueId} tabIndex={0} onChange={onInput}>
        <table className="q-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.name} scope="col">
                  {c.name}
                </th>
              ))}
              {rowActions ? (
                <th scope="col" className="q-row-actions">
                  <span className="visually-hidden">Row actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {columns.map((c) =>
                  c.type === 'Readonly' || readOnlyTable ? (
                    <td key={c.name}>{c.type === 'Currency' ? formatCurrency(row[columnKey(c.name)] ?? '', { symbol: true }) : row[columnKey(c.name)] ?? ''}</td>
                  ) : (
                    <td key={c.name} className="q-cell">
                      {cell(c, row, r)}
                    </td>
                  ),
                )}
                {rowActions ? (
                  <td className="q-row-actions">
                    {rows.length > 1 ? (
                      <button type="submit" name="intent" value={`remove-row:${q.id}:${r}`} className="q-btn-ghost-xs" formNoValidate>
                        Remove<span className="visually-hidden"> row {r + 1}</span>
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          {totals ? (
            <tfoot>
              <tr>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.name} scope="row">
                      Total
                    </th>
                  ) : (
                    <td key={c.name} data-total={columnKey(c.name)}>
                      {totals[i] ?? ''}
                    </td>
                  ),
                )}
                {rowActions ? <td className="q-row-actions" /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </section>
      <TypingStatus id={typingId} />
      {rowActions ? (
        <div className="q-table-after">
          <button type="submit" name="intent" value={`add-row:${q.id}`} className="q-btn-outline-sm" formNoValidate>
            Add row<span className="visually-hidden"> to {q.text}</span>
          </button>
        </div>
      ) : null}
    </>
  );
}
