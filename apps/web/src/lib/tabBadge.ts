/** What a tab's badge shows: a short text, or a text with a tooltip (e.g. "+ older on disk"). */
export type TabBadge = string | { text: string; title: string };
