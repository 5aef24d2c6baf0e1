// An input that filters and formats what is typed or pasted by spec 5's rule of its kind (domain/typed-input.ts,
// applied by utils/formatted-input.ts in each input event): the one used by every question field that formats, on
// the Entity Profile and the application form alike.
import type { ComponentPropsWithoutRef } from 'react';
import { TYPED_LENGTH, type TypedKind } from '../../domain/typed-input';
import { typedInputProps } from '../utils/formatted-input';
import { useHydrated } from '../utils/use-hydrated';
import { TextInput } from './text-input';

export interface FilteredInputProps extends Omit<ComponentPropsWithoutRef<'input'>, 'onChange' | 'onFocus'> {
  kind: TypedKind;
  /** The id of the field's polite live region, where a refused character is explained. */
  statusId: string;
  /** The filtered value, after each input. */
  onValue?: (value: string) => void;
}

/**
 * A TextInput with the filter of `kind`. Without JavaScript (and until React runs) the browser caps it at the kind's
 * formatted length; once hydrated the filter caps it, after seeing all that was typed or pasted: the browser's cap
 * would cut the raw text first, so a paste of '12a345-67x89' would lose its last digits (issue 41 item 11). A
 * `maxLength` given (a question's own limit, spec 5 metadata) always applies.
 */
export function FilteredInput({ kind, statusId, onValue, maxLength, ...props }: FilteredInputProps) {
  const hydrated = useHydrated();
  return <TextInput {...props} maxLength={maxLength ?? (hydrated ? undefined : TYPED_LENGTH[kind])} {...typedInputProps(kind, statusId, onValue)} />;
}
