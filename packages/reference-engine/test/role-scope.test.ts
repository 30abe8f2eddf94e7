import { EngineError } from '@nl2sql/engine';
import { describe, expect, it } from 'vitest';
import { requestScope, retrievalScope } from '../src/role-scope.js';

const schema = {
  tables: ['Album', 'Track', 'Invoice'].map((name) => ({ name, columns: [{ name: 'Id' }] })),
};
const policy = {
  roles: {
    catalog: { tables: ['album', 'TRACK', 'Warehouse'] },
    nobody: { tables: [] },
  },
};

describe('retrievalScope', () => {
  it("keeps this schema's tables the policy grants, in any spelling, and ignores other datasources' tables", () => {
    expect(retrievalScope(policy, 'catalog', schema)).toEqual({ tables: ['Album', 'Track'] });
  });

  it('gives a role the policy does not name, or names with nothing, an empty scope', () => {
    expect(retrievalScope(policy, 'nobody', schema)).toEqual({ tables: [] });
    expect(retrievalScope(policy, 'stranger', schema)).toEqual({ tables: [] });
  });

  it('applies no scope without a policy', () => {
    expect(retrievalScope(undefined, 'anyone', schema)).toBeUndefined();
  });
});

describe('requestScope', () => {
  it("gives the retriever the role's scope under a policy, and none without one", () => {
    expect(requestScope(policy, 'catalog', schema)).toEqual({
      scope: { tables: ['Album', 'Track'] },
    });
    expect(requestScope(undefined, undefined, schema)).toEqual({});
  });

  it.each([undefined, ''])(
    'refuses a request with role %j under a policy: the whole schema is no default',
    (role) => {
      expect(() => requestScope(policy, role, schema)).toThrow(
        new EngineError(
          'INVALID_REQUEST',
          'the engine has an access policy: the retrieve request needs a role',
        ),
      );
    },
  );
});

describe('retrievalScope with column lists', () => {
  const withColumns = {
    tables: [
      {
        name: 'Customer',
        columns: [{ name: 'CustomerId' }, { name: 'Email' }, { name: 'FirstName' }],
      },
      { name: 'Invoice', columns: [{ name: 'InvoiceId' }] },
    ],
  };
  it("narrows a table to its listed columns, in the schema's spelling; other tables stay whole", () => {
    const policy = {
      roles: {
        support: {
          tables: ['customer', 'invoice'],
          columns: { CUSTOMER: ['customerid', 'firstname', 'Warehouse'] },
        },
      },
    };
    expect(retrievalScope(policy, 'support', withColumns)).toEqual({
      tables: ['Customer', 'Invoice'],
      columns: { Customer: ['CustomerId', 'FirstName'] },
    });
  });
});
