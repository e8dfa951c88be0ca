import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The web app's feature graph (apps/web/README.md, "Layout"): each feature may import only the features listed for
 * it, so every edge goes one way and there are no cycles. A feature missing here may import no other feature.
 */
const featureImports = {
  account: ['suburb'],
  address: ['suburb'],
  cart: ['payment', 'shipping'],
  catalog: ['cart', 'payment', 'shipping', 'shopping-list', 'wishlist'],
  delivery: [],
  home: ['catalog', 'usuals'],
  newsletter: [],
  order: ['address', 'cart', 'delivery', 'payment', 'shipping', 'shopping-list', 'wallet'],
  payment: ['delivery'],
  shipping: ['address', 'suburb'],
  'shopping-list': ['cart'],
  suburb: [],
  usuals: ['catalog'],
  wallet: [],
  wishlist: ['cart'],
};
const featureNames = Object.keys(featureImports);

/** Relative imports that reach another feature's folder, from any depth inside a feature. */
function featureImportPattern(feature, allowed) {
  const forbidden = featureNames.filter((name) => name !== feature && !allowed.includes(name));
  return {
    regex: `^(\\.\\./)+(features/)?(${forbidden.join('|')})/`,
    message: feature
      ? `features/${feature} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other feature'} (apps/web/README.md, Layout).`
      : 'A feature not listed in featureImports (eslint.config.js) may import no other feature.',
  };
}

/** app/ composes the features; they take from it only the typed hooks, the store (tests) and the not-found page. */
const appImportPattern = {
  regex: '^(\\.\\./)+app/(?!(hooks|store|not-found-page)$)',
  message: 'A feature may import app/hooks, app/store and app/not-found-page, nothing else from app/.',
};

const featureBoundaries = [
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureImportPattern('', []), appImportPattern] }],
    },
  },
  ...Object.entries(featureImports).map(([feature, allowed]) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [featureImportPattern(feature, allowed), appImportPattern] },
      ],
    },
  })),
];

/**
 * The back office's feature graph (apps/admin/README.md, "Modules"), as the web app's above: each feature imports only
 * the features listed for it; lib/ and components/ import no feature and not app/.
 */
const adminFeatureImports = {
  account: ['auth'],
  audit: ['staff'],
  auth: [],
  catalogue: [],
  customers: ['orders'],
  dashboard: [],
  delivery: [],
  offers: [],
  orders: [],
  picking: ['orders'],
  staff: [],
};
const adminFeatureNames = Object.keys(adminFeatureImports);

const adminBoundaries = [
  ...Object.entries(adminFeatureImports).map(([feature, allowed]) => {
    const forbidden = adminFeatureNames.filter((name) => name !== feature && !allowed.includes(name));
    const patterns = [
      {
        regex: '^(\\.\\./)+app/',
        message: 'An admin feature must not import app/ (apps/admin/README.md, Modules).',
      },
    ];
    if (forbidden.length > 0) {
      patterns.push({
        regex: `^(\\.\\./)+(features/)?(${forbidden.join('|')})/`,
        message: `admin features/${feature} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other feature'} (apps/admin/README.md, Modules).`,
      });
    }
    return {
      files: [`apps/admin/src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  }),
  {
    files: ['apps/admin/src/lib/**/*.{ts,tsx}', 'apps/admin/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'lib/ and components/ must not import features or app.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.tmp/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Shared code stays shared: lib/ and components/ never reach into a feature (bulletproof-react's one-way rule).
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'lib/ and components/ must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dependencies through their documented API only (STYLE.md 11): no node-postgres socket, no Drizzle internals.
    files: ['apps/api/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='stream'][object.property.name='connection']",
          message:
            "node-postgres's connection.stream is private: use its documented API (pipeline mode, pool).",
        },
        {
          selector: "MemberExpression[property.name='_'][object.type!='ThisExpression']",
          message: "Drizzle's `_` fields are private: use its documented API.",
        },
        {
          selector: 'MemberExpression[property.name=/^(decoder|customResultMapper|joinsNotNullableMap)$/]',
          message: "Drizzle's query internals are private: use its documented API.",
        },
      ],
    },
  },
  ...featureBoundaries,
  ...adminBoundaries,
);
