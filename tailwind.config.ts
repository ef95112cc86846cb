import type { Config } from 'tailwindcss';

// Design tokens live here, not as scattered hex codes in components.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // Deep Aegean blue: text on white reaches 10:1, white on it 10:1.
        brand: {
          50: '#eef5fb',
          100: '#d5e6f4',
          200: '#a9cbe8',
          500: '#2f6fa3',
          600: '#1f5a8a',
          700: '#174771',
          800: '#11365a',
          900: '#0b2540',
        },
        // Olive green accents; 700+ pass AA on white.
        olive: {
          50: '#f4f6ec',
          100: '#e5ead2',
          500: '#7a8b3a',
          600: '#5f6e2b',
          700: '#4a5622',
          800: '#38411a',
        },
        // Warm sand backgrounds.
        sand: {
          50: '#fbf8f2',
          100: '#f5efe2',
          200: '#eadfc8',
        },
        ink: {
          DEFAULT: '#1c2430',
          muted: '#4a5565',
        },
        danger: { DEFAULT: '#b42318', bg: '#fef3f2' },
        success: { DEFAULT: '#067647', bg: '#ecfdf3' },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
        serif: ['Georgia', 'Cambria', 'Times New Roman', 'serif'],
      },
      maxWidth: {
        content: '72rem',
      },
      screens: {
        // The site's one mobile breakpoint, 768 px (docs/product-rules.md).
        md: '768px',
      },
    },
  },
  plugins: [],
  // The --tw-* defaults (transforms, rings, shadows, filters) on the elements
  // whose utilities read them, not on every element and pseudo-element of the
  // page: fewer declarations to cascade at every style recalculation
  // (docs/decisions/151-less-style-work-per-element.md).
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config;
