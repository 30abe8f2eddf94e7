// Words for lexical search over schema names, descriptions and questions: identifiers split
// at case changes and underscores (InvoiceLine -> invoice, line), a plural s dropped, English
// stopwords removed, and runs of Chinese, Japanese or Korean characters as overlapping
// bigrams, so a question asked in Chinese retrieves against Chinese descriptions. One
// tokenizer for the engine and the selection evaluator: @nl2sql/schema-selection's.

export { searchTokens as schemaTokens } from '@nl2sql/schema-selection';
