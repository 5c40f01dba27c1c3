// Words the server, the CLI, the dashboard and the web app all print the same way. No Node import:
// the web app bundles this file.

/** "1 article", "3 articles", "0 articles"; an irregular plural is given ("1 story", "2 stories"). */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
