// Chakra system: green palette with a dark-green primary, Poppins served by the portal itself.
// Lean by design (issue 8, docs/decisions/014): built on defaultBaseConfig (conditions and utilities) plus only
// the tokens and the recipes the portal's components use, not defaultConfig's whole theme (every recipe of every
// component: about 30 KB gzipped in every page's first load). The package's exports map hides the per-recipe
// modules and its '/theme' entry pulls every recipe in, so they are imported from their files.
// Using a Chakra component with a recipe not listed here renders it unstyled: add its recipe below.
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animations, aspectRatios, blurs, borders, colors, cursor, durations, easings, fontSizes, fontWeights, letterSpacings, lineHeights, radii, sizes, spacing, zIndices, semanticColors, semanticRadii, semanticShadows, breakpoints, globalCss, layerStyles, textStyles, badgeRecipe, buttonRecipe, containerRecipe, headingRecipe, inputRecipe, textareaRecipe, tableSlotRecipe,
} from './styles/chakra-parts.js';

const FONT = "Poppins, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** What Chakra's default theme would give these parts (same token names, CSS variable prefix and root). */
const chakraParts = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    tokens: {
      aspectRatios, animations, blurs, borders, colors, durations, easings, fontSizes, fontWeights,
      letterSpacings, lineHeights, radii, spacing, sizes, zIndex: zIndices, cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, container: containerRecipe, heading: headingRecipe,
      input: inputRecipe, textarea: textareaRecipe,
    },
    slotRecipes: { table: tableSlotRecipe },
    textStyles,
    layerStyles,
  },
});

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

export const system = createSystem(defaultBaseConfig, chakraParts, config);

/**
 * The system the pages render with: the same, minus the global CSS and the layer order, which
 * scripts/build-styles.ts writes once into app/styles/chakra-global.css (a linked, cached stylesheet) instead
 * of ChakraProvider serializing them into every response (docs/decisions/013).
 */
export const pageSystem: typeof system = { ...system, _global: [], _config: { ...system._config, disableLayers: true } };
