import { Collapse, Table } from 'antd';
import { allergens, aisles } from '@storefront/contract/catalogue-admin';
import { dietaryMarks } from '@storefront/contract/limits';

/** The file's columns as staff fill them in (README, "Product CSV"). */
const columns = [
  { column: 'sku', fill: 'Required. Letters, digits, dot, dash or underscore; finds the product to update.' },
  { column: 'name', fill: 'Required.' },
  { column: 'aisle', fill: `Required. One of ${aisles.join(', ')}.` },
  { column: 'price', fill: 'Required. The regular price in dollars: 4.50 or 4 (no $ sign).' },
  { column: 'brand', fill: 'Empty for none.' },
  { column: 'description', fill: 'May run over several lines.' },
  { column: 'gst_free', fill: 'true or false (yes/no, 1/0).' },
  { column: 'pack_size, pack_unit', fill: 'Together or both empty: 500 and g, ml or each.' },
  { column: 'weight_grams', fill: 'A whole number of grams.' },
  { column: 'stock', fill: 'Sets the count on the shelf. Empty leaves a product’s stock as it is.' },
  { column: 'active', fill: 'true or false: whether the shop shows it.' },
  { column: 'ingredients, origin_statement', fill: 'As printed on the pack; empty for none.' },
  { column: 'allergens_contains, allergens_may_contain', fill: `Separated by ";": ${allergens.join(', ')}.` },
  { column: 'dietary', fill: `The label's marks, separated by ";": ${dietaryMarks.join(', ')}.` },
];

/** How to fill the file in, folded away until asked for. */
export function ImportColumns() {
  return (
    <Collapse
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'columns',
          label: 'The file’s columns',
          children: (
            <>
              <p>
                One header row naming the columns, in any order, then a row per product. A column left out of
                the file changes nothing. Download all products for a file to start from.
              </p>
              <Table
                rowKey="column"
                size="small"
                pagination={false}
                dataSource={columns}
                columns={[
                  {
                    title: 'Column',
                    dataIndex: 'column',
                    width: '35%',
                    render: (c: string) => <code>{c}</code>,
                  },
                  { title: 'What to write', dataIndex: 'fill' },
                ]}
              />
            </>
          ),
        },
      ]}
    />
  );
}
