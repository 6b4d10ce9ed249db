// Vite's `?raw` imports: the file's text, bundled with the page.
declare module '*?raw' {
  const text: string;
  export default text;
}
