import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

/**
 * `import { PlusOutlined } from '@ant-design/icons'` loads every one of its ~900 icons (~1,800 modules) into each
 * test file that uses one; importing each icon from its own module, as Ant Design itself does, loads one.
 */
function iconsOneByOne(): Plugin {
  const icon = /^\w+(Outlined|Filled|TwoTone)$/;
  return {
    name: 'storefront:test-icons-one-by-one',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes("from '@ant-design/icons';")) return null;
      return code.replace(/import \{([^}]+)\} from '@ant-design\/icons';/g, (statement, list: string) => {
        const names = list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        const imports = names
          .filter((n) => icon.test(n))
          .map((n) => `import ${n} from '@ant-design/icons/es/icons/${n}';`);
        const others = names.filter((n) => !icon.test(n));
        if (others.length > 0) imports.push(`import { ${others.join(', ')} } from '@ant-design/icons';`);
        // The same number of lines, so that a failure's line numbers stay right.
        return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), iconsOneByOne()],
  resolve: {
    alias: [
      // The browser's build, as the app ships: its Node build loads CommonJS packages (form-data, get-intrinsic)
      // that 'vmThreads' cannot load.
      { find: /^axios$/, replacement: path.join(packageDir('axios'), 'dist/esm/axios.js') },
      // Its ES build, as Ant Design's own imports load: in Node it resolves to its CommonJS build, which requires
      // an ES module of @ant-design/colors and so cannot load in 'vmThreads'.
      {
        find: /^@ant-design\/icons$/,
        replacement: path.join(packageDir('@ant-design/icons'), 'es/index.js'),
      },
    ],
  },
  test: {
    environment: 'jsdom',
    // Each file's jsdom in a VM context of a long-lived worker rather than a fresh worker: half the CPU time. On two
    // loaded cores (2026-11-28) the suite took 199 s against 268-401 s in 'threads' (3.8 against 7.6-8.5 CPU minutes).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The default leaves one core of two idle: most of a file's time is starting its jsdom.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A test types and clicks as a customer does; on a loaded two-core machine that has taken over the default 5 s,
    // and a file's first test, which loads Ant Design's parts, 15 s.
    testTimeout: 30_000,
    restoreMocks: true,
    clearMocks: true,
  },
});
