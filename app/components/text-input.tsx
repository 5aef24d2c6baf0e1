// Text inputs as plain elements with build-time classes (decision 013): Chakra's Input and Textarea bring Ark's
// field machinery into the chunk every signed-in page loads (issue 8, first-load budget), for the same look.
import type { ComponentPropsWithoutRef } from 'react';

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/** A text input with Chakra's input look (outline, md); `className` adds to it. */
export function TextInput({ className, ...props }: ComponentPropsWithoutRef<'input'>) {
  // type="text" unless told: what the HTML default is, said (html-validate no-implicit-input-type, issue 9 item 21).
  return <input type="text" {...props} className={withClass('ui-input', className)} />;
}

/** A multi-line text box with Chakra's textarea look (outline, md); `className` adds to it. */
export function TextArea({ className, ...props }: ComponentPropsWithoutRef<'textarea'>) {
  return <textarea {...props} className={withClass('ui-textarea', className)} />;
}
