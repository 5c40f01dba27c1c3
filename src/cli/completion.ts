// `newsctl completion bash|zsh`: a completion script generated from the command tree itself, so it
// never lags behind the commands. Static (no call back into newsctl): completing stays instant.
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { withExamples } from './options.js';

const SHELLS = ['bash', 'zsh'];

/** "" → top-level words, "spider" → its subcommands and options, "spider refetch" → …. */
export function completionTable(program: Command): Map<string, string[]> {
  const table = new Map<string, string[]>();
  const walk = (command: Command, path: string) => {
    const words = [
      ...command.commands.map((c) => c.name()),
      // The one argument with a fixed set of values.
      ...(path === 'completion' ? SHELLS : []),
      ...command.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))),
      '--help',
    ];
    table.set(path, [...new Set(words)]);
    for (const sub of command.commands) walk(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  walk(program, '');
  return table;
}

/**
 * Where a file name is what comes next: after an option that takes a value (`-o FILE`, `--file F`,
 * `--data-dir D`; any value, as bash's own default does) and as the argument of a command that takes
 * one (`extract FILE`, `db restore FILE`), by command path.
 */
function fileCompletionTable(program: Command): Map<string, { valueOptions: string[]; arguments: boolean }> {
  const table = new Map<string, { valueOptions: string[]; arguments: boolean }>();
  const walk = (command: Command, path: string) => {
    const valueOptions = command.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
    // completion's one argument is a shell name, offered as a word.
    const takesArguments = command.registeredArguments.length > 0 && path !== 'completion';
    if (valueOptions.length || takesArguments) table.set(path, { valueOptions, arguments: takesArguments });
    for (const sub of command.commands) walk(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  walk(program, '');
  return table;
}

function bashScript(table: Map<string, string[]>, files: ReturnType<typeof fileCompletionTable>): string {
  const cases = [...table].map(([path, words]) => `    "${path}") words="${words.join(' ')}" ;;`).join('\n');
  return `# newsctl bash completion: eval "$(newsctl completion bash)" (or save it in /etc/bash_completion.d/newsctl)
_newsctl() {
  local cur path word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case "\${path:+$path }$word" in
${[...table.keys()]
  .filter(Boolean)
  .map((p) => `      "${p}") path="${p}" ;;`)
  .join('\n')}
    esac
  done
  case "$path" in
${cases}
    *) words="" ;;
  esac
  # A file name next: no words, and -o default completes file names.
  local values="" args=""
  case "$path" in
${[...files].map(([path, f]) => `    "${path}") values=" ${f.valueOptions.join(' ')} "; args="${f.arguments ? 1 : ''}" ;;`).join('\n')}
  esac
  if [[ "$values" == *" \${COMP_WORDS[COMP_CWORD-1]} "* || ( -n "$args" && "$cur" != -* ) ]]; then
    COMPREPLY=()
    return
  fi
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _newsctl newsctl
`;
}

function zshScript(table: Map<string, string[]>, files: ReturnType<typeof fileCompletionTable>): string {
  const cases = [...table].map(([path, words]) => `    "${path}") cands=(${words.join(' ')}) ;;`).join('\n');
  return `#compdef newsctl
# newsctl zsh completion: eval "$(newsctl completion zsh)" (or save it as _newsctl in your $fpath)
_newsctl() {
  local cmdpath="" word
  local -a cands
  for word in \${words[2,CURRENT-1]}; do
    [[ "$word" == -* ]] && continue
    case "\${cmdpath:+$cmdpath }$word" in
${[...table.keys()]
  .filter(Boolean)
  .map((p) => `      "${p}") cmdpath="${p}" ;;`)
  .join('\n')}
    esac
  done
  case "$cmdpath" in
${cases}
    *) cands=() ;;
  esac
  # A file name next (zsh has no default to fall back on: say so).
  local -a values
  local args=""
  case "$cmdpath" in
${[...files].map(([path, f]) => `    "${path}") values=(${f.valueOptions.join(' ')}); args="${f.arguments ? 1 : ''}" ;;`).join('\n')}
  esac
  if (( \${values[(Ie)\${words[CURRENT-1]}]} )) || [[ -n "$args" && "$PREFIX" != -* ]]; then
    _files
    return
  fi
  compadd -- $cands
}
# Autoloaded from $fpath, this file is the body of _newsctl: complete now. Evaluated: register it.
if [[ "\${funcstack[1]}" == "_newsctl" ]]; then
  _newsctl "$@"
else
  compdef _newsctl newsctl
fi
`;
}

export function registerCompletionCommand(program: Command): void {
  withExamples(
    program.command('completion').description('print a shell completion script').argument('<shell>', 'bash or zsh'),
    'eval "$(newsctl completion bash)"',
    'newsctl completion zsh > ~/.zfunc/_newsctl',
  ).action((shell: string) => {
    const table = completionTable(program);
    const files = fileCompletionTable(program);
    if (shell === 'bash') process.stdout.write(bashScript(table, files));
    else if (shell === 'zsh') process.stdout.write(zshScript(table, files));
    else throw Invalid(`Unknown shell "${shell}": ${SHELLS.join(' or ')}`);
  });
}
