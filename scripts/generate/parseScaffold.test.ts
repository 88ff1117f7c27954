/** The scaffold's command line: what it accepts, and the clear errors for what it does not. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_ATTRIBUTES } from '@/server/model';
import { GENERATED_COLUMNS, GeneratorError, parseField, parseScaffold } from './parseScaffold';

const PINNED = ['name:string', 'price:integer', 'status:enum:draft,live', 'campaign:references', 'notes:text:optional'];

/** `name: type('column'` declarations in a file's text, as [column, name]. */
const declaredColumns = (text: string) =>
  [...text.matchAll(/^\s*(\w+): \w+\('(\w+)'/gm)].map(([, name, column]) => [column, name] as const);

describe('parseScaffold', () => {
  it('knows every column the schema template gives a table, so a field cannot declare one twice', () => {
    const template = readFileSync('templates/scaffold/schema.ts.tmpl', 'utf8');
    const timestamps = /const timestamps = \{[\s\S]*?\n\};/.exec(readFileSync('db/schema.ts', 'utf8'))?.[0] ?? '';
    const declared = [
      ...declaredColumns(template),
      ...(template.includes('...timestamps') ? declaredColumns(timestamps) : []),
    ];
    expect(declared.length).toBeGreaterThan(2);
    expect(new Map(declared)).toEqual(GENERATED_COLUMNS);
  });

  it('reads the documented command into names, columns and modifiers', () => {
    const product = parseScaffold('Product', PINNED);
    expect(product).toMatchObject({ name: 'Product', plural: 'products', table: 'products', camel: 'product' });
    expect(product.fields.map((field) => [field.name, field.column, field.type, field.optional])).toEqual([
      ['name', 'name', 'string', false],
      ['price', 'price', 'integer', false],
      ['status', 'status', 'enum', false],
      ['campaignId', 'campaign_id', 'references', false],
      ['notes', 'notes', 'text', true],
    ]);
    expect(product.fields[2]?.values).toEqual(['draft', 'live']);
    expect(product.fields[3]).toMatchObject({ target: 'Campaign', association: 'campaign' });
  });

  it('reads file types as slots, apart from the columns', () => {
    const gadget = parseScaffold('Gadget', ['name:string', 'photo:image', 'userManual:attachment']);
    expect(gadget.fields.map((field) => field.name)).toEqual(['name']);
    expect(gadget.attachments).toEqual([
      { name: 'photo', type: 'image' },
      { name: 'userManual', type: 'attachment' },
    ]);
    expect(parseScaffold('Gadget', ['name:string']).attachments).toEqual([]);
    // The plural types are has-many slots: a list of files under one name.
    expect(parseScaffold('Gadget', ['name:string', 'photos:images', 'files:attachments']).attachments).toEqual([
      { name: 'photos', type: 'images' },
      { name: 'files', type: 'attachments' },
    ]);
  });

  it('names acronyms and -is words as the controller framework does, so pages, table and API agree', () => {
    expect(parseScaffold('IPAddress', ['host:string'])).toMatchObject({
      plural: 'ip-addresses',
      table: 'ip_addresses',
      pluralTitle: 'IP addresses',
      camel: 'ipAddress',
      pluralCamel: 'ipAddresses',
    });
    expect(parseScaffold('SKU', ['code:string'])).toMatchObject({ plural: 'skus', pluralTitle: 'SKUs', camel: 'sku' });
    expect(parseScaffold('Axis', ['label:string'])).toMatchObject({ plural: 'axes', camel: 'axis' });
    expect(parseScaffold('Basis', ['label:string'])).toMatchObject({ plural: 'bases' });
  });

  it('takes the plural given with --plural where pluralize reads the name as a plural (Canvas) or as its own (News)', () => {
    expect(parseScaffold('Canvas', ['title:string'], 'Canvases')).toMatchObject({
      name: 'Canvas',
      plural: 'canvases',
      table: 'canvases',
      pluralTitle: 'Canvases',
      camel: 'canvas',
      pluralCamel: 'canvases',
      pluralName: 'Canvases',
    });
    expect(parseScaffold('OilLens', ['title:string'], 'OilLenses')).toMatchObject({
      plural: 'oil-lenses',
      table: 'oil_lenses',
      pluralTitle: 'Oil lenses',
      pluralCamel: 'oilLenses',
    });
    expect(parseScaffold('News', ['title:string'], 'NewsItems')).toMatchObject({ plural: 'news-items', camel: 'news' });
    // The plural the framework infers anyway: nothing to remember, the controller needs no path of its own.
    expect(parseScaffold('Product', ['title:string'], 'Products').pluralName).toBeUndefined();
    expect(parseScaffold('Product', ['title:string']).pluralName).toBeUndefined();
  });

  it('reads lengths, unique and multi-word names', () => {
    expect(parseField('code:string:120:unique')).toMatchObject({ length: 120, unique: true, optional: false });
    expect(parseField('releaseDate:date:optional')).toMatchObject({ column: 'release_date', optional: true });
    expect(parseScaffold('LineItem', ['qty:integer'])).toMatchObject({ plural: 'line-items', table: 'line_items' });
  });

  const refusals: [string, string[], RegExp][] = [
    ['Product', ['price:money'], /unknown type "money" in "price:money"; types: string, text/],
    ['product', ['name:string'], /"product" is not a PascalCase name/],
    ['Products', ['name:string'], /looks plural; name the resource in the singular \(Product\)/],
    ['Canvas', ['name:string'], /If "Canvas" is one thing all the same .* give its plural: --plural Canvases$/],
    ['Lens', ['name:string'], /give its plural: --plural Lenses$/],
    ['Team', ['name:string'], /"Team" is reserved/],
    // The form takes the record as a prop named after it: React keeps key and ref, and teamId is the form's other
    // prop (Children, which the lint would refuse as a prop, is refused as a plural already).
    ['Key', ['name:string'], /"Key" is reserved/],
    ['Ref', ['name:string'], /"Ref" is reserved/],
    ['Children', ['name:string'], /"Children" looks plural/],
    ['TeamId', ['name:string'], /"TeamId" is reserved/],
    ['Product', ['class:string'], /field "class" is reserved/],
    ['Product', ['teamId:integer'], /field "teamId" is reserved/],
    ['Product', ['Name:string'], /field "Name" in "Name:string" must be camelCase/],
    ['Product', ['status:enum'], /"status:enum" lists no values/],
    ['Product', ['level:enum:1,2,3'], /enum value "1" in "level:enum:1,2,3" must start with a lower-case letter/],
    ['Product', ['status:enum:a,,b'], /"status:enum:a,,b" has an empty value/],
    ['Product', ['status:enum:a,b,'], /has an empty value/],
    [
      'Product',
      ['name:string:required'],
      /unknown modifier "required" in "name:string:required"; modifiers: optional, unique/,
    ],
    ['Product', ['name'], /field "name" has no type/],
    ['Product', ['name:string', 'name:text'], /field "name" is given twice/],
    ['Product', [], /give at least one field/],
    ['Product', ['campaignId:references'], /write the association, not the column: campaign:references/],
    ['Class', ['title:string'], /"Class" gives the variable name "class", a JavaScript reserved word/],
    ['Eval', ['title:string'], /"Eval" gives the variable name "eval"/],
    ['News', ['title:string'], /"News" is its own plural.* or give the list a name of its own with --plural/],
    ['Sheep', ['title:string'], /"Sheep" is its own plural/],
    ['Product', ['await:string'], /field "await" is reserved/],
    ['Product', ['implements:string'], /field "implements" is reserved/],
    ['Webhook', ['url:string', 'signingSecret:string'], /field "signingSecret" looks like a credential/],
    ['Product', ['price:money'], /types: string, text, .*references, image, attachment, images, attachments/],
    ['Product', ['name:string', 'photos:images:optional'], /"photos:images:optional" takes no argument or modifier/],
    ['Product', ['name:string', 'photo:image:optional'], /"photo:image:optional" takes no argument or modifier/],
    ['Product', ['name:string', 'manual:attachment:unique'], /takes no argument or modifier/],
    ['Product', ['photo:image'], /at least one field that is not a file/],
    ['Product', ['name:string', 'name:image'], /field "name" is given twice/],
    ['Product', ['name:string', 'creator:image'], /field "creator" is reserved/],
    ['Product', ['name:string', 'Photo:image'], /field "Photo" in "Photo:image" must be camelCase/],
    ['Product', ['name:string', 'toString:string'], /field "toString" is a name every JavaScript object has/],
    ['Product', ['valueOf:integer'], /field "valueOf" is a name every JavaScript object has/],
    ['Product', ['name:string', 'hasOwnProperty:image'], /field "hasOwnProperty" is reserved/],
    ['ToString', ['name:string'], /"ToString" gives the variable name "toString", a name every JavaScript object has/],
    ['Index', ['name:string'], /"Index" would write db\/models\/Index.ts beside db\/models\/index.ts/],
    ['Product', ['product:string'], /field "product" has the name the generated code gives the record/],
    ['Product', ['products:string'], /field "products" has the name the generated code gives the list/],
    ['Product', ['name:string', 'fieldErrors:string:optional'], /field "fieldErrors" is reserved/],
    // Two names, one column: the tenant column or another field's would be declared twice.
    [
      'Widget',
      ['title:string', 'teamID:integer:optional'],
      /field "teamID" maps to the column "team_id", which the generated table has already/,
    ],
    ['Widget', ['title:string', 'createdAT:timestamp:optional'], /field "createdAT" maps to the column "created_at"/],
    ['Widget', ['title:string', 'updatedAT:date'], /column "updated_at"/],
    ['Widget', ['title:string', 'createdBY:references'], /column "created_by_id"/],
    [
      'Widget',
      ['imageUrl:string:optional', 'imageURL:string:optional'],
      /fields "imageUrl" and "imageURL" both map to the column "image_url"/,
    ],
    [
      'Widget',
      ['supplier:references', 'supplierID:integer'],
      /fields "supplier" and "supplierID" both map to the column "supplier_id"/,
    ],
    // A field named like a variable the generated code derives from another field.
    [
      'Gadget',
      ['title:string', 'setTitle:string'],
      /fields "title" and "setTitle" both give the generated code the name "setTitle"/,
    ],
    [
      'Gadget',
      ['setTitle:string', 'title:string'],
      /fields "setTitle" and "title" both give the generated code the name "setTitle"/,
    ],
    [
      'Gadget',
      ['name:string', 'supplier:references', 'supplierOptions:string'],
      /fields "supplier" and "supplierOptions" both give the generated code the name "supplierOptions"/,
    ],
    [
      'Gadget',
      ['name:string', 'status:enum:a,b', 'statusFilter:string'],
      /fields "status" and "statusFilter" both give the generated code the name "statusFilter"/,
    ],
    ['Gadget', ['name:string', 'supplier:references', 'setSupplierId:string'], /name "setSupplierId"/],
    // A reference's association beside a column or a file slot of the same name.
    [
      'Gadget',
      ['name:string', 'supplier:references', 'supplier:string:optional'],
      /fields "supplier" and "supplier" both give the generated code the name "supplier" \(the association of supplier:references/,
    ],
    [
      'Gadget',
      ['name:string', 'supplier:references', 'supplier:image'],
      /fields "supplier" and "supplier" both give the generated code the name "supplier"/,
    ],
    // The list sorts by its column headers: a field headed "Created" beside the record's own Created column.
    [
      'Gadget',
      ['name:string', 'created:date:optional'],
      /field "created" would be headed "Created" in the list, beside the column every record has/,
    ],
  ];
  const pluralRefusals: [string, string, RegExp][] = [
    ['Canvas', 'canvases', /--plural "canvases" is not a PascalCase name/],
    ['Sheep', 'Sheep', /"Sheep" is its own plural/],
    ['Canvas', 'Canvas', /"Canvas" is its own plural/],
    ['Widget', 'Class', /gives the variable name "class", a JavaScript reserved word/],
  ];
  for (const [name, plural, message] of pluralRefusals) {
    it(`refuses ${name} --plural ${plural}`, () => {
      expect(() => parseScaffold(name, ['title:string'], plural)).toThrow(GeneratorError);
      expect(() => parseScaffold(name, ['title:string'], plural)).toThrow(message);
    });
  }

  for (const [name, fields, message] of refusals) {
    it(`refuses ${name} ${fields.join(' ')}`, () => {
      expect(() => parseScaffold(name, fields)).toThrow(GeneratorError);
      expect(() => parseScaffold(name, fields)).toThrow(message);
    });
  }

  it('accepts common names that the pages, tests and form use internally (renamed there, so these work)', () => {
    for (const name of ['Event', 'Update', 'Router', 'Row', 'Form', 'Submit'])
      expect(parseScaffold(name, ['title:string']).camel).toBe(name.charAt(0).toLowerCase() + name.slice(1));
    const fields = ['form', 'router', 'create', 'submit', 'saving', 'error', 'event', 'list'];
    expect(
      parseScaffold(
        'Product',
        fields.map((name) => `${name}:string`),
      ).fields.map((field) => field.name),
    ).toEqual(fields);
  });

  it('refuses every field name the model layer reserves (the record API), before anything is written', () => {
    expect(RESERVED_ATTRIBUTES).toContain('assign');
    for (const name of RESERVED_ATTRIBUTES)
      expect(() => parseScaffold('Gadget', ['title:string', `${name}:string:optional`]), name).toThrow(
        `field "${name}" is reserved`,
      );
  });
});
