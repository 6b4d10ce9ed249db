// Vite's `?raw` imports: the file's text, bundled with the page.
declare module '*?raw' {
  const text: string;
  export default text;
}

// Vite's `import.meta.glob` as the page uses it: each matched file's text, by its path, bundled.
interface ImportMeta {
  glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
