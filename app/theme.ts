// Chakra system: green palette with a dark-green primary, Poppins served by the portal itself.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const FONT = "Poppins, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg', color: 'fg' },
    'a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible': {
      outline: '3px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: FONT }, body: { value: FONT } },
      colors: {
        brand: {
          50: { value: '#eef7f0' },
          100: { value: '#d5ecdb' },
          200: { value: '#a9d8b6' },
          300: { value: '#74bd8a' },
          400: { value: '#46a064' },
          500: { value: '#2a8049' },
          600: { value: '#1f683b' },
          700: { value: '#175530' },
          800: { value: '#114225' },
          900: { value: '#0b2e19' },
          950: { value: '#061b0f' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default error text (red.500) is below 4.5:1 on white: one step darker for AA.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
