// A file in the layout of the ECB's eurofxref-hist.xml (newest day first, one Cube per
// publication day, rates in units per euro), covering one week around a weekend: the tests'
// recorded rates, and the demo's (whose accounts spend in the shop's currency anyway).
export const ECB_SAMPLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time="2026-11-24">
			<Cube currency="USD" rate="1.0550"/>
			<Cube currency="JPY" rate="162.40"/>
			<Cube currency="GBP" rate="0.8350"/>
			<Cube currency="CAD" rate="1.4790"/>
		</Cube>
		<Cube time="2026-11-23">
			<Cube currency="USD" rate="1.0500"/>
			<Cube currency="JPY" rate="162.00"/>
			<Cube currency="GBP" rate="0.8300"/>
			<Cube currency="CAD" rate="1.4750"/>
		</Cube>
		<Cube time="2026-11-20">
			<Cube currency="USD" rate="1.0400"/>
			<Cube currency="JPY" rate="161.20"/>
			<Cube currency="GBP" rate="0.8320"/>
			<Cube currency="CAD" rate="1.4700"/>
		</Cube>
		<Cube time="2026-11-19">
			<Cube currency="USD" rate="1.0450"/>
			<Cube currency="JPY" rate="161.50"/>
			<Cube currency="GBP" rate="0.8310"/>
			<Cube currency="CAD" rate="1.4720"/>
		</Cube>
	</Cube>
</gesmes:Envelope>
`;
