/**
 * Moves MUI's styles, which React renders as a <style> before each element, into one <style> for the head
 * (global styles keep their own, as the app looks them up by name): the browser parses the CSS once, before
 * the page, instead of recalculating styles at each of hundreds of elements. Emotion in the browser takes the
 * class names listed in `data-emotion` as already inserted, and moves these elements where it keeps its own.
 */
export function hoistStyles(html: string): { styles: string; body: string } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const body = html.replace(
    /<style data-emotion="([^"]+)"[^>]*>([^<]*)<\/style>/g,
    (element, attribute: string, css: string) => {
      const [key, ...ids] = attribute.split(' ');
      if (key === 'css') {
        names.push(...ids);
        rules.push(css);
      } else globals.push(element);
      return '';
    },
  );
  const combined = names.length > 0 ? `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>` : '';
  return { styles: globals.join('') + combined, body };
}
