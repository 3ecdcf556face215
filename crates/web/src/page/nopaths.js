// The page never shows a path of the server's machine: what /api/watch
// says of the match (the record's path, the engines' command lines, a
// problem reading a file) is shown with every path cut to its last name.

/** `text` with each word that holds a `/` (or a `\`) cut to what follows
 * the last one: `/home/ann/bin/congo engine` → `congo engine`. */
export function withoutPaths(text) {
  return String(text ?? '').replace(/\S*[/\\]\S*/g, (word) => {
    const name = word.split(/[/\\]/).filter(Boolean).pop() || '';
    return name;
  });
}
