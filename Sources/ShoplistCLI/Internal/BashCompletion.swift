import ArgumentParser

/// The bash completion script: the argument parser's, and a function in front of it that
/// makes it work the way shoplist is typed.
///
/// - Global options may stand before the command (`shoplist --list Lidl check <Tab>`): they
///   are moved after it, as the command line itself does (``ArgumentOrder``), so that the
///   command is found and `--list` chooses whose items are offered; `shoplist --list <Tab>`
///   offers the lists.
/// - Names may hold spaces (`oat milk`): the words are read without their shell quoting
///   (`oat\ m`, `"oat m`, `--list "Lidl Express"`), and each name offered is quoted the way the
///   word being completed is, so that the shell passes it as one word.
enum BashCompletion {
  /// The whole script `--generate-completion-script bash` prints.
  static func script() -> String {
    Shoplist.completionScript(for: .bash) + wrapper
  }

  private static let globalFlags = GlobalOptions.grammar.flags.keys.sorted().joined(separator: "|")
  private static let globalOptions =
    GlobalOptions.grammar.options.keys.sorted().joined(separator: "|")

  private static var wrapper: String {
    #"""

    # shoplist: global options before the command, and names with spaces.
    __shoplist_dequote() {
        local word="${1}"
        case "${word}" in
        \"*) word="${word#\"}"; word="${word%\"}" ;;
        \'*) word="${word#\'}"; word="${word%\'}" ;;
        *) word="${word//\\/}" ;;
        esac
        printf %s "${word}"
    }

    __shoplist_requote() {
        local quote="${1}" word="${2}"
        case "${quote}" in
        \") word="${word//\\/\\\\}"; word="${word//\"/\\\"}"; word="${word//\$/\\\$}"
            word="${word//\`/\\\`}"; printf '"%s"' "${word}" ;;
        \') printf "'%s'" "${word//\'/\'\\\'\'}" ;;
        *) printf %q "${word}" ;;
        esac
    }

    _shoplist_words() {
        local -a words=("${COMP_WORDS[@]}")
        local -i cword=${COMP_CWORD}
        local raw="${words[cword]}"
        # Every word as the program gets it: `--list "Lidl Express"` names the list Lidl Express.
        local -i each
        for each in "${!words[@]}"; do
            case "${words[each]}" in
            *[\"\'\\]*) words[each]="$(__shoplist_dequote "${words[each]}")" ;;
            esac
        done

        # Global options before the command go after it, as shoplist reads them.
        local -a leading=()
        local -i index=1
        while (( index < cword )); do
            case "${words[index]}" in
            \#(globalFlags)) leading+=("${words[index]}"); ((index++)) ;;
            \#(globalOptions)) leading+=("${words[index]}" "${words[index + 1]}"); ((index += 2)) ;;
            --*=*) case "${words[index]%%=*}" in
                \#(globalOptions)) leading+=("${words[index]}"); ((index++)) ;;
                *) break ;;
                esac ;;
            *) break ;;
            esac
        done
        if (( ${#leading[@]} > 0 )); then
            if (( index > cword )); then
                # The value of a global option before any command: complete it as `list` would.
                words=("${words[0]}" list "${words[@]:1:cword}")
                cword=$(( cword + 1 ))
            elif (( index == cword )); then
                # The command's name itself.
                words=("${words[0]}" "${words[cword]}" "${leading[@]}" "${words[@]:cword + 1}")
                cword=1
            else
                words=("${words[0]}" "${words[index]}" "${leading[@]}" "${words[@]:index + 1}")
                cword=$(( cword - index + 1 + ${#leading[@]} ))
            fi
        fi

        local line="" point=0 word
        local -i at=0
        for word in "${words[@]}"; do
            [[ -n "${line}" ]] && line+=" "
            line+="${word}"
            (( at == cword )) && point=${#line}
            ((at++))
        done
        (( cword >= ${#words[@]} )) && point=$(( ${#line} + 1 )) && line+=" "

        local quote=""
        case "${raw}" in \"*) quote='"' ;; \'*) quote="'" ;; esac
        # Seen by the argument parser's functions, called from here (bash scopes dynamically).
        local -a COMP_WORDS=("${words[@]}")
        local COMP_CWORD=${cword} COMP_LINE="${line}" COMP_POINT=${point}
        _shoplist "${1}" "${words[cword]}" "${words[cword - 1]}"
        local -i entry
        for entry in "${!COMPREPLY[@]}"; do
            [[ "${COMPREPLY[entry]}" == -* && -z "${quote}" ]] && continue
            COMPREPLY[entry]="$(__shoplist_requote "${quote}" "${COMPREPLY[entry]}")"
        done
    }

    complete -F _shoplist_words shoplist

    """#
  }
}
