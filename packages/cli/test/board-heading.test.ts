import { boardMarkdown, describeFailure, whatRan } from '@nl2sql/reporters';
import { describe, expect, test } from 'vitest';
import { board, caseRun, runReport } from './reporter-fixture.js';

const engineBoard = (name: string, url: string | null) =>
  board(name, [caseRun('artists', 'admin')], {
    kind: 'engine',
    engine: { name: 'unknown', version: 'unknown', models: null, url },
  });

describe('whatRan', () => {
  test("the reference engine's runs are named by their mode", () => {
    expect(whatRan(runReport([board('plans', [caseRun('artists', 'admin')])]))).toBe('mode plans');
  });

  test('an external engine is named where it was reached, with the rules it was scored by', () => {
    const http = runReport([engineBoard('mine', 'http://127.0.0.1:8000')]);
    expect(whatRan(http)).toBe('engine http://127.0.0.1:8000, reference rules (rows and outcomes)');
    expect(whatRan({ ...http, mode: 'full' })).toBe(
      'engine http://127.0.0.1:8000, reference rules with faithfulness (rows, outcomes and the written answer)',
    );
    expect(whatRan(runReport([engineBoard('py', 'python3 engine.py')]))).toBe(
      'engine python3 engine.py, reference rules (rows and outcomes)',
    );
    // No address known: the config's name.
    expect(whatRan(runReport([engineBoard('svc', null)]))).toContain('engine svc, ');
  });

  test('the GitHub job summary says the same', () => {
    const markdown = boardMarkdown(runReport([engineBoard('mine', 'http://127.0.0.1:8000')]), {
      status: 'not asked',
    });
    expect(markdown.split('\n')[0]).toBe(
      // markdownText escapes what could autolink: the text stays literal.
      '## nl2sql eval: engine http\\://127.0.0.1\\:8000, reference rules (rows and outcomes), suite shop.yaml (bbbbbbbbbbbb)',
    );
  });
});

describe('describeFailure', () => {
  test('an HTTP failure is its status, never the page that came with it', () => {
    const html = `GET http://h/describe: HTTP 501: <!DOCTYPE html>\n<html><body><h1>Not Implemented</h1>${'x'.repeat(400)}...`;
    expect(describeFailure(html)).toBe('describe: HTTP 501');
    expect(
      describeFailure(
        'GET http://h/describe answered HTTP 404: the engine does not describe itself',
      ),
    ).toBe('describe: HTTP 404 (the engine does not describe itself)');
  });

  test('anything else is its first line, cut to a board line', () => {
    expect(describeFailure('the engine has no describe()')).toBe(
      'describe: the engine has no describe()',
    );
    expect(describeFailure(`describe() failed: boom\nstack line 1\nstack line 2`)).toBe(
      'describe() failed: boom',
    );
    const long = describeFailure(`describe() failed: ${'y'.repeat(500)}`);
    expect(long.length).toBeLessThanOrEqual(124);
    expect(long.endsWith('...')).toBe(true);
  });
});
