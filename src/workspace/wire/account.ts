/** Accounts as the workspace API reads and writes them (seed §2.4, table `accounts`). */
import Type, { type Static } from 'typebox';

const integer = Type.Integer();

/**
 * `accounts.editor_settings` (seed §2.4).
 *
 * @example
 * ```ts
 * const s: EditorSettings = { ...DEFAULT_EDITOR_SETTINGS, tab_size: 2 };
 * ```
 */
export const EditorSettings = Type.Object({
  auto_close_brackets: Type.Boolean(),
  auto_close_xml_tags: Type.Boolean(),
  bindings: Type.String(),
  code_folding: Type.Boolean(),
  electric_chars: Type.Boolean(),
  extra_button_bar: Type.Boolean(),
  first_line_number: integer,
  indent_unit: integer,
  jupyter_classic: Type.Boolean(),
  line_numbers: Type.Boolean(),
  line_wrapping: Type.Boolean(),
  match_brackets: Type.Boolean(),
  match_xml_tags: Type.Boolean(),
  multiple_cursors: Type.Boolean(),
  show_trailing_whitespace: Type.Boolean(),
  smart_indent: Type.Boolean(),
  spaces_instead_of_tabs: Type.Boolean(),
  strip_trailing_whitespace: Type.Boolean(),
  tab_size: integer,
  theme: Type.String(),
  track_revisions: Type.Boolean(),
  undo_depth: integer,
});
export type EditorSettings = Static<typeof EditorSettings>;

/**
 * The type of each editor setting, as the server validates it (read from the schema).
 *
 * @example
 * ```ts
 * EDITOR_SETTING_TYPES.tab_size; // 'integer'
 * ```
 */
export const EDITOR_SETTING_TYPES = Object.fromEntries(
  Object.entries(EditorSettings.properties).map(([k, v]) => [k, v.type]),
) as Readonly<Record<keyof EditorSettings, 'boolean' | 'integer' | 'string'>>;

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

/**
 * An account record (table `accounts`), as `getAccount` reads it.
 *
 * @example
 * ```ts
 * const { account_id } = checkValue(AccountRecord, row, 'the answer of POST /api/v1/query');
 * ```
 */
export const AccountRecord = Type.Object({
  account_id: Type.String(),
  editor_settings: EditorSettings,
});
export type AccountRecord = Static<typeof AccountRecord>;
