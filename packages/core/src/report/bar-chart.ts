/**
 * A horizontal bar chart beside a sheet's data (the Summary's records per flag): the drawing that
 * places it and the chart that reads its categories and values from cell ranges (with the values
 * cached, so a reader shows it without recalculating).
 */
import { escapeXml } from './sheet-xml.ts';

export interface BarChart {
  title: string;
  /** Cell ranges of the labels and the values, e.g. `'Summary'!$A$15:$A$24`. */
  categories: string;
  values: string;
  points: readonly (readonly [label: string, value: number])[];
  /** Top-left and bottom-right cell (zero-based column, row) of the chart. */
  from: readonly [number, number];
  to: readonly [number, number];
}

const C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function chartXml(chart: BarChart): string {
  const n = chart.points.length;
  const labels = chart.points.map(([label], i) => `<c:pt idx="${i}"><c:v>${escapeXml(label)}</c:v></c:pt>`).join('');
  const values = chart.points.map(([, value], i) => `<c:pt idx="${i}"><c:v>${value}</c:v></c:pt>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace xmlns:c="${C}" xmlns:a="${A}" xmlns:r="${R}"><c:chart>` +
    `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${escapeXml(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>` +
    '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/><c:barChart><c:barDir val="bar"/><c:grouping val="clustered"/><c:varyColors val="0"/>' +
    '<c:ser><c:idx val="0"/><c:order val="0"/><c:invertIfNegative val="0"/>' +
    `<c:cat><c:strRef><c:f>${escapeXml(chart.categories)}</c:f><c:strCache><c:ptCount val="${n}"/>${labels}</c:strCache></c:strRef></c:cat>` +
    `<c:val><c:numRef><c:f>${escapeXml(chart.values)}</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${n}"/>${values}</c:numCache></c:numRef></c:val>` +
    '</c:ser><c:gapWidth val="50"/><c:axId val="1"/><c:axId val="2"/></c:barChart>' +
    // Categories top-down in sheet order (the most frequent first); the value axis below them.
    '<c:catAx><c:axId val="1"/><c:scaling><c:orientation val="maxMin"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:numFmt formatCode="General" sourceLinked="0"/>' +
    '<c:tickLblPos val="nextTo"/><c:crossAx val="2"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/></c:catAx>' +
    '<c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:majorGridlines/><c:numFmt formatCode="General" sourceLinked="1"/>' +
    '<c:tickLblPos val="nextTo"/><c:crossAx val="1"/><c:crosses val="max"/><c:crossBetween val="between"/></c:valAx>' +
    '</c:plotArea><c:plotVisOnly val="1"/></c:chart></c:chartSpace>'
  );
}

/** The drawing part anchoring chart relationship rId1 between two cells. */
export function drawingXml(chart: BarChart): string {
  const cell = (tag: string, [col, row]: readonly [number, number]) =>
    `<xdr:${tag}><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="${A}">` +
    `<xdr:twoCellAnchor>${cell('from', chart.from)}${cell('to', chart.to)}` +
    `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="${escapeXml(chart.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
    `<a:graphic><a:graphicData uri="${C}"><c:chart xmlns:c="${C}" xmlns:r="${R}" r:id="rId1"/></a:graphicData></a:graphic>` +
    '</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>'
  );
}

/** A relationships part with one relationship rId1 of `type` (a schema name: drawing, chart) to `target`. */
export function singleRelsXml(type: string, target: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`
  );
}
