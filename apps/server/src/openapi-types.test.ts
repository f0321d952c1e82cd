import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi-document';
import { webApiTypesAreCurrent } from './openapi-types';

type Schema = Record<string, unknown>;

describe("the web app's API types", () => {
  it('are generated from the current OpenAPI document (run `npm run api-types` when this fails)', async () => {
    const { current } = await webApiTypesAreCurrent();
    expect(current).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('describes accounts and connections field by field, not as open records', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    for (const name of ['Account', 'Connection']) {
      expect(schemas[name]?.additionalProperties, name).toBeUndefined();
      expect(Object.keys(schemas[name]?.properties ?? {}).length, name).toBeGreaterThan(5);
    }
    expect(schemas.Account?.required).toEqual(
      expect.arrayContaining(['availableBalance', 'institutionName']),
    );
  });

  it('describes insights and recurring payments field by field, not as open records', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    const insights = schemas.Insights?.properties as Record<string, Schema>;
    expect(insights.insights).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Insight' } });
    expect(insights.recurring).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/RecurringPayment' },
    });
    for (const name of ['Insight', 'RecurringPayment']) {
      expect(schemas[name]?.additionalProperties, name).toBeUndefined();
      expect(Object.keys(schemas[name]?.properties ?? {}).length, name).toBeGreaterThan(5);
    }
    expect(schemas.RecurringPayment?.required).toEqual(
      expect.arrayContaining(['cadence', 'priceIncrease', 'nextDate']),
    );
  });

  it('describes properties and their valuations field by field, not as open records', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    for (const name of ['Property', 'PropertyValuation']) {
      expect(schemas[name]?.additionalProperties, name).toBeUndefined();
      expect(Object.keys(schemas[name]?.properties ?? {}).length, name).toBeGreaterThan(4);
    }
    expect(schemas.Property?.required).toEqual(expect.arrayContaining(['address', 'equity', 'loanToValue']));
    expect(JSON.stringify(schemas.PropertyDetail)).toContain('#/components/schemas/PropertyValuation');
  });

  it('describes holdings field by field, not as an open record', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    for (const name of ['Holdings', 'Holding']) {
      expect(schemas[name]?.additionalProperties, name).toBeUndefined();
      expect(Object.keys(schemas[name]?.properties ?? {}).length, name).toBeGreaterThan(4);
    }
    expect(schemas.Holding?.required).toEqual(
      expect.arrayContaining(['quantity', 'converted', 'unrealizedGain']),
    );
  });

  it('describes rules, their conditions and actions field by field, not as open records', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    for (const name of ['RuleConditions', 'RuleActions', 'CategorizationRule', 'ListedRule']) {
      expect(Object.keys(schemas[name]?.properties ?? {}).length, name).toBeGreaterThan(4);
    }
    expect(schemas.RuleConditions?.additionalProperties).toBe(false);
    expect(schemas.ListedRule?.required).toEqual(
      expect.arrayContaining(['matched', 'conditions', 'actions']),
    );
    expect(JSON.stringify(schemas.CategorizationRule)).toContain('#/components/schemas/RuleConditions');
  });

  it('lets a nullable named schema be null (anyOf with null, not an allOf no null satisfies)', async () => {
    const document = await buildOpenApiDocument();
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    const properties = schemas.Account?.properties as Record<string, Schema>;
    expect(properties.availableBalance).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }],
    });
    expect(JSON.stringify(document)).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[[^\]]*"null"/);
  });
});
