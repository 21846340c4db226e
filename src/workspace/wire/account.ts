/** Accounts as the workspace API reads and writes them (seed §2.4, table `accounts`). */

/** `accounts.editor_settings` (seed §2.4). */
export interface EditorSettings {
  auto_close_brackets: boolean;
  auto_close_xml_tags: boolean;
  bindings: string;
  code_folding: boolean;
  electric_chars: boolean;
  extra_button_bar: boolean;
  first_line_number: number;
  indent_unit: number;
  jupyter_classic: boolean;
  line_numbers: boolean;
  line_wrapping: boolean;
  match_brackets: boolean;
  match_xml_tags: boolean;
  multiple_cursors: boolean;
  show_trailing_whitespace: boolean;
  smart_indent: boolean;
  spaces_instead_of_tabs: boolean;
  strip_trailing_whitespace: boolean;
  tab_size: number;
  theme: string;
  track_revisions: boolean;
  undo_depth: number;
}

/**
 * The type of each editor setting, as the server validates it.
 *
 * @example
 * ```ts
 * EDITOR_SETTING_TYPES.tab_size; // 'integer'
 * ```
 */
export const EDITOR_SETTING_TYPES: Readonly<
  Record<keyof EditorSettings, 'boolean' | 'integer' | 'string'>
> = {
  auto_close_brackets: 'boolean',
  auto_close_xml_tags: 'boolean',
  bindings: 'string',
  code_folding: 'boolean',
  electric_chars: 'boolean',
  extra_button_bar: 'boolean',
  first_line_number: 'integer',
  indent_unit: 'integer',
  jupyter_classic: 'boolean',
  line_numbers: 'boolean',
  line_wrapping: 'boolean',
  match_brackets: 'boolean',
  match_xml_tags: 'boolean',
  multiple_cursors: 'boolean',
  show_trailing_whitespace: 'boolean',
  smart_indent: 'boolean',
  spaces_instead_of_tabs: 'boolean',
  strip_trailing_whitespace: 'boolean',
  tab_size: 'integer',
  theme: 'string',
  track_revisions: 'boolean',
  undo_depth: 'integer',
};

/**
 * The account defaults of `editor_settings`.
 *
 * @example
 * ```ts
 * DEFAULT_EDITOR_SETTINGS.theme; // 'default'
 * ```
 */
export const DEFAULT_EDITOR_SETTINGS: Readonly<EditorSettings> = {
  auto_close_brackets: true,
  auto_close_xml_tags: true,
  bindings: 'standard',
  code_folding: true,
  electric_chars: true,
  extra_button_bar: true,
  first_line_number: 1,
  indent_unit: 4,
  jupyter_classic: false,
  line_numbers: true,
  line_wrapping: true,
  match_brackets: true,
  match_xml_tags: true,
  multiple_cursors: true,
  show_trailing_whitespace: true,
  smart_indent: true,
  spaces_instead_of_tabs: true,
  strip_trailing_whitespace: false,
  tab_size: 4,
  theme: 'default',
  track_revisions: true,
  undo_depth: 300,
};

/** An account record (table `accounts`). */
export interface AccountRecord {
  account_id: string;
  editor_settings: EditorSettings;
}
