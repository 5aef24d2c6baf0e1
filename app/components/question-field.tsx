// One question of a dynamic form (spec 2 Application form, 5): label with its dotted number indented
// 20px per level, instructions, the input for its type, and its error tied to it (aria-describedby).
import { useState, type ReactNode } from 'react';
import { Box, Button, HStack, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { TextArea, TextInput } from './text-input';
import { columnKey, type AnswerValue, type QuestionDef } from '../../domain/questions';
import {
  autoSlashDate, displayLevel, inputMaxLength, INDENT_PX_PER_LEVEL, NOT_APPLICABLE,
} from '../../domain/validation';
import { addressZip, formatCurrency, formatPhone, formatZip, phoneInput, PHONE_INPUT_LENGTH, zipInput, ZIP_INPUT_LENGTH } from '../../domain/format';
import { JURISDICTIONS } from '../../domain/jurisdictions';
import { cellName, fieldName, partName, rowCountName } from '../utils/question-form';
import { reformat, reformatDigits, useTableTotals } from '../utils/formatted-input';
import { nativeSelectStyle } from './forms';
import { FileQuestion, type UploadSettings } from './file-question';

export interface FormQuestion extends QuestionDef {
  instructions?: string | null;
  placeholder?: string | null;
  /** A template to download (spec 2: fetched by system number, opened in a new tab). */
  hasTemplate?: boolean;
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

const asText = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

export function QuestionField(props: QuestionFieldProps) {
  const { question: q, error, warning, mandatory, hidden } = props;
  const id = `q-${q.id}`;
  const hintId = q.instructions ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  const describedBy = [hintId, errorId, warningId].filter(Boolean).join(' ') || undefined;
  const level = displayLevel(q.systemNo);
  const grouped = q.type === 'Checkbox' || q.type === 'Radio' || q.type === 'Address' || q.type === 'Table' || q.type === 'File';

  if (q.type === 'Header') {
    return (
      <Box ml={`${level * INDENT_PX_PER_LEVEL}px`} mt={6} mb={3} hidden={hidden} data-question={q.systemNo}>
        <Text as="h3" fontSize="lg" fontWeight="semibold">
          {q.systemNo}. {q.text}
        </Text>
        {q.instructions ? <Text color="fg.muted" fontSize="sm">{q.instructions}</Text> : null}
      </Box>
    );
  }

  const label = (
    <>
      <span>{q.systemNo}. </span>
      {q.text}
      {mandatory ? (
        <>
          <span aria-hidden="true" style={{ color: 'var(--chakra-colors-fg-error)' }}> *</span>
          <span className="visually-hidden"> (required)</span>
        </>
      ) : null}
    </>
  );

  const control = renderControl({ ...props, id, describedBy, invalid: !!error });
  const template = q.hasTemplate ? (
    <Text fontSize="sm" mb={2}>
      <chakra.a href={`/resources/template/${encodeURIComponent(q.systemNo)}`} target="_blank" rel="noopener" textDecoration="underline" color="brand.fg">
        Download template<span className="visually-hidden"> for question {q.systemNo} (opens in a new tab)</span>
      </chakra.a>
    </Text>
  ) : null;
  return (
    <Box ml={`${level * INDENT_PX_PER_LEVEL}px`} mb={5} hidden={hidden} data-question={q.systemNo} data-type={q.type} data-response-type={q.responseType ?? undefined} data-invalid={error ? 'true' : undefined}>
      {grouped ? (
        <chakra.fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          <chakra.legend fontWeight="medium" mb={1}>
            {label}
          </chakra.legend>
          {q.instructions ? <Text id={hintId} fontSize="sm" color="fg.muted" mb={2}>{q.instructions}</Text> : null}
          {template}
          {control}
        </chakra.fieldset>
      ) : (
        <>
          <chakra.label htmlFor={id} display="block" fontWeight="medium" mb={1}>
            {label}
          </chakra.label>
          {q.instructions ? <Text id={hintId} fontSize="sm" color="fg.muted" mb={2}>{q.instructions}</Text> : null}
          {template}
          {control}
        </>
      )}
      {error ? (
        <Text id={errorId} color="fg.error" fontSize="sm" mt={1} data-testid="question-error">
          {error}
        </Text>
      ) : null}
      {warning ? (
        <Text id={warningId} color="orange.800" fontSize="sm" mt={1}>
          {warning}
        </Text>
      ) : null}
    </Box>
  );
}

type ControlProps = QuestionFieldProps & { id: string; describedBy?: string; invalid: boolean };

function renderControl(p: ControlProps): ReactNode {
  const { question: q, value, disabled, id, describedBy, invalid, onValueChange } = p;
  const common = { id, disabled, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined } as const;
  const notify = (v: AnswerValue) => onValueChange?.(q.id, v);
  switch (q.type) {
    case 'Text': {
      if (q.responseType === 'Multiline') {
        return <TextArea {...common} name={fieldName(q.id)} rows={4} defaultValue={asText(value)} placeholder={q.placeholder ?? undefined} maxLength={inputMaxLength(q)} onChange={(e) => notify(e.target.value)} />;
      }
      const type = q.responseType === 'Email' ? 'email' : q.responseType === 'Url' ? 'url' : q.responseType === 'PhoneNumber' ? 'tel' : 'text';
      const inputMode = q.responseType === 'Number' || q.responseType === 'Currency' ? 'decimal' : q.responseType === 'PhoneNumber' ? 'tel' : undefined;
      const currency = q.responseType === 'Currency';
      const phone = q.responseType === 'PhoneNumber';
      // Spec 5: amounts grouped ('1,234,567.50', the $ outside), phones as (xxx) xxx-xxxx; stored plain (answersFromForm).
      const shown = currency ? formatCurrency(asText(value)) : phone ? formatPhone(asText(value)) : asText(value);
      return (
        <HStack gap={2}>
          {currency ? <span aria-hidden="true">$</span> : null}
          <TextInput
            {...common}
            name={fieldName(q.id)}
            type={type}
            inputMode={inputMode}
            defaultValue={shown}
            placeholder={q.placeholder ?? undefined}
            maxLength={inputMaxLength(q) ?? (phone ? PHONE_INPUT_LENGTH : undefined)}
            readOnly={q.readOnly}
            onInput={phone ? (e) => reformatDigits(e.currentTarget, phoneInput) : undefined}
            onBlur={currency ? (e) => reformat(e.currentTarget, formatCurrency) : undefined}
            onChange={(e) => notify(e.target.value)}
          />
        </HStack>
      );
    }
    case 'Date':
      return (
        <TextInput
          {...common}
          name={fieldName(q.id)}
          type="text"
          inputMode="numeric"
          maxLength={10}
          placeholder={q.placeholder ?? 'MM/DD/YYYY'}
          defaultValue={asText(value)}
          onInput={(e) => {
            const el = e.currentTarget;
            const next = autoSlashDate(el.value);
            if (next !== el.value) el.value = next;
          }}
          onChange={(e) => notify(e.target.value)}
          style={{ width: '12rem' }}
        />
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
    case 'Radio':
      return (
        <Stack gap={1}>
          {(q.responseOptions ?? []).map((o, i) => (
            <chakra.label key={o.name} display="flex" gap={2} alignItems="center">
              <input type="radio" id={i === 0 ? id : undefined} name={fieldName(q.id)} value={o.name} defaultChecked={value === o.name} disabled={disabled} onChange={() => notify(o.name)} />
              {o.name}
            </chakra.label>
          ))}
        </Stack>
      );
    case 'Checkbox':
      return <CheckboxGroup {...p} id={id} />;
    case 'Address':
      return <AddressInput {...p} id={id} />;
    case 'Table':
      return <TableInput {...p} id={id} />;
    case 'File':
      return <FileQuestion questionId={q.id} label={q.text} value={value} disabled={disabled} describedBy={describedBy} uploads={p.uploads} />;
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
    <Stack gap={1}>
      {(q.responseOptions ?? []).map((o, i) => (
        <chakra.label key={o.name} display="flex" gap={2} alignItems="center">
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
        </chakra.label>
      ))}
    </Stack>
  );
}

function AddressInput({ question: q, value, disabled, id }: ControlProps) {
  const address = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, string>;
  const part = (
    key: string,
    label: string,
    { shown, ...opts }: { autoComplete?: string; inputMode?: 'numeric'; maxLength?: number; shown?: string; onInput?: (e: { currentTarget: HTMLInputElement }) => void } = {},
  ) => (
    <Box>
      <chakra.label htmlFor={`${id}-${key}`} fontSize="sm" display="block">
        {label}
      </chakra.label>
      <TextInput id={`${id}-${key}`} name={partName(q.id, key)} defaultValue={shown ?? address[key] ?? ''} disabled={disabled} {...opts} />
    </Box>
  );
  return (
    <Stack gap={2} id={id}>
      <Text fontSize="sm">Country: United States</Text>
      {part('street_address_1', 'Street address 1', { autoComplete: 'address-line1' })}
      {part('street_address_2', 'Street address 2 (optional)', { autoComplete: 'address-line2' })}
      <HStack gap={2} align="end" wrap="wrap">
        {part('city', 'City', { autoComplete: 'address-level2' })}
        <Box>
          <chakra.label htmlFor={`${id}-state`} fontSize="sm" display="block">
            State
          </chakra.label>
          <select id={`${id}-state`} name={partName(q.id, 'state')} defaultValue={address.state ?? ''} disabled={disabled} style={{ ...nativeSelectStyle, width: 'auto' }}>
            <option value="">Select a state</option>
            {JURISDICTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Box>
        {/* Spec 5: entered as digits, shown with a dash after 5 (12345-6789); stored as digits. */}
        {part('zip', 'Zip code', {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          maxLength: ZIP_INPUT_LENGTH,
          shown: formatZip(addressZip(address)),
          onInput: (e) => reformatDigits(e.currentTarget, zipInput),
        })}
      </HStack>
    </Stack>
  );
}

function TableInput({ question: q, value, disabled }: ControlProps) {
  const columns = q.tableColumns ?? [];
  const rows = Array.isArray(value) && value.length ? (value as Record<string, string>[]) : [Object.fromEntries(columns.map((c) => [columnKey(c.name), '']))];
  const readOnlyTable = q.readOnly || columns.every((c) => c.type === 'Readonly');
  const rowActions = q.addMoreRows && !disabled && !readOnlyTable;
  // Spec 5: tables with totals sum each Number and Currency column, live as cells are typed (with JS).
  const { totals, onInput } = useTableTotals({ questionId: q.id, columns, rows, enabled: !!q.additionalMetadata?.hasTotals, value });
  return (
    <Box overflowX="auto" onInput={onInput}>
      <input type="hidden" name={rowCountName(q.id)} value={rows.length} />
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.name} scope="col">
                {c.name}
              </Table.ColumnHeader>
            ))}
            {rowActions ? (
              <Table.ColumnHeader scope="col">
                <span className="visually-hidden">Row actions</span>
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, r) => (
            <Table.Row key={r}>
              {columns.map((c) => {
                const key = columnKey(c.name);
                const label = `${c.name}, row ${r + 1}`;
                if (c.type === 'Readonly' || readOnlyTable) {
                  return <Table.Cell key={key}>{c.type === 'Currency' ? formatCurrency(row[key] ?? '', { symbol: true }) : row[key] ?? ''}</Table.Cell>;
                }
                return (
                  <Table.Cell key={key} minW="9rem">
                    {c.type === 'Dropdown' ? (
                      <select aria-label={label} name={cellName(q.id, r, key)} defaultValue={row[key] ?? ''} disabled={disabled} style={nativeSelectStyle}>
                        <option value="">Select an option</option>
                        {(c.options ?? []).map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                    ) : c.type === 'Multiline' ? (
                      <TextArea aria-label={label} name={cellName(q.id, r, key)} defaultValue={row[key] ?? ''} disabled={disabled} rows={2} />
                    ) : c.type === 'Currency' ? (
                      <HStack gap={1}>
                        <span aria-hidden="true">$</span>
                        <TextInput
                          aria-label={label}
                          name={cellName(q.id, r, key)}
                          defaultValue={formatCurrency(row[key] ?? '')}
                          disabled={disabled}
                          inputMode="decimal"
                          onBlur={(e) => reformat(e.currentTarget, formatCurrency)}
                        />
                      </HStack>
                    ) : (
                      <TextInput
                        aria-label={label}
                        name={cellName(q.id, r, key)}
                        defaultValue={row[key] ?? ''}
                        disabled={disabled}
                        inputMode={c.type === 'Number' ? 'decimal' : undefined}
                        placeholder={c.type === 'Date' ? 'MM/DD/YYYY' : c.type === 'ApplicationNumber' ? 'GA-XXXXXX' : undefined}
                      />
                    )}
                  </Table.Cell>
                );
              })}
              {rowActions ? (
                <Table.Cell>
                  {rows.length > 1 ? (
                    <Button type="submit" name="intent" value={`remove-row:${q.id}:${r}`} size="xs" variant="ghost" formNoValidate>
                      Remove<span className="visually-hidden"> row {r + 1}</span>
                    </Button>
                  ) : null}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
        {totals ? (
          <Table.Footer>
            <Table.Row>
              {columns.map((c, i) =>
                i === 0 ? (
                  <Table.ColumnHeader key={c.name} scope="row">
                    Total
                  </Table.ColumnHeader>
                ) : (
                  <Table.Cell key={c.name} fontWeight="semibold" data-total={columnKey(c.name)}>
                    {totals[i] ?? ''}
                  </Table.Cell>
                ),
              )}
              {rowActions ? <Table.Cell /> : null}
            </Table.Row>
          </Table.Footer>
        ) : null}
      </Table.Root>
      {rowActions ? (
        <Button type="submit" name="intent" value={`add-row:${q.id}`} size="sm" variant="outline" mt={2} formNoValidate>
          Add row<span className="visually-hidden"> to {q.text}</span>
        </Button>
      ) : null}
    </Box>
  );
}
