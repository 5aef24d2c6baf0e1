/** Native selects work without JavaScript; this is their one look. */
export const nativeSelectStyle = {
  width: '100%',
  padding: '0.5rem',
  borderRadius: '0.375rem',
  border: '1px solid #8a8a8a',
  background: 'transparent',
  color: 'inherit',
} as const;
