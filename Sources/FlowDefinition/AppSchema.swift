import Navigation

/// The RELAX NG schema every `app.xml` is validated against (printed by `flowpages check --schema`).
public enum AppSchema {
    /// Explains, in the schema's terms, what an app.xml libxml2 rejects got wrong.
    static let guide: SchemaGuide? = try? SchemaGuide(relaxNG: relaxNG, documentName: "app.xml")

    public static let relaxNG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <grammar xmlns="http://relaxng.org/ns/structure/1.0" xmlns:a="http://relaxng.org/ns/compatibility/annotations/1.0" datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
          <start>
            <element name="app">
              <attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, starting with a letter or digit, as in suma-finance</a:documentation></data></attribute>
              <attribute name="title"/>
              <optional><attribute name="locale"/></optional>
              <optional><attribute name="theme-color"/></optional>
              <optional><attribute name="device"><choice><value>phone</value><value>tablet</value></choice></attribute></optional>
              <optional><attribute name="back-label"><choice><value>back</value><value>title</value></choice></attribute></optional>
              <optional><attribute name="description"/></optional>
              <optional><attribute name="preview-image"><data type="string"><param name="pattern">[A-Za-z0-9_\\-]+\\.(png|jpg|jpeg)</param><a:documentation>a PNG or JPEG file of the folder, as in preview.png</a:documentation></data></attribute></optional>
              <zeroOrMore>
                <choice>
                  <element name="link-scheme"><attribute name="name"><data type="string"><param name="pattern">[a-z][a-z0-9+.\\-]*</param><a:documentation>a URL scheme in lowercase, as in sumafinance</a:documentation></data></attribute></element>
                  <element name="link-host"><attribute name="name"/></element>
                  <element name="apple-app">
                    <attribute name="id"><data type="string"><param name="pattern">[A-Z0-9]{10}\\.[A-Za-z0-9.\\-]+</param><a:documentation>a team id and a bundle id, as in ABCDE12345.com.example.app</a:documentation></data></attribute>
                    <optional><attribute name="store-id"><data type="string"><param name="pattern">[0-9]{5,12}</param><a:documentation>the App Store id: the digits of apps.apple.com/app/id…, as in 1234567890</a:documentation></data></attribute></optional>
                  </element>
                  <element name="android-app">
                    <attribute name="package"><data type="string"><param name="pattern">[a-zA-Z][a-zA-Z0-9_]*(\\.[a-zA-Z][a-zA-Z0-9_]*)+</param><a:documentation>an Android package name, as in com.example.app</a:documentation></data></attribute>
                    <attribute name="fingerprint"><data type="string"><param name="pattern">([0-9A-F]{2}:){31}[0-9A-F]{2}</param><a:documentation>a SHA-256 certificate fingerprint: 32 pairs of uppercase hex digits joined by colons</a:documentation></data></attribute>
                  </element>
                </choice>
              </zeroOrMore>
              <optional>
                <element name="sign-in">
                  <attribute name="route"/>
                  <optional><attribute name="signed-in-flow"/></optional>
                  <optional><attribute name="signed-out-flow"/></optional>
                </element>
              </optional>
              <element name="navigation"><choice><ref name="flows"/><ref name="tabs"/><ref name="stack"/></choice></element>
              <element name="routes"><oneOrMore><ref name="route"/></oneOrMore></element>
              <optional><ref name="data"/></optional>
              <optional><element name="forms"><zeroOrMore><ref name="form"/></zeroOrMore></element></optional>
              <optional><element name="actions"><zeroOrMore><ref name="action"/></zeroOrMore></element></optional>
              <optional><element name="alerts"><zeroOrMore><ref name="alert"/></zeroOrMore></element></optional>
              <optional><element name="toasts"><zeroOrMore><ref name="toast"/></zeroOrMore></element></optional>
              <optional><element name="fixtures"><zeroOrMore><ref name="fixture"/></zeroOrMore></element></optional>
              <optional><element name="usability-tests"><zeroOrMore><ref name="usability-test"/></zeroOrMore></element></optional>
            </element>
          </start>

          <define name="form">
            <element name="form">
              <attribute name="id"/>
              <optional><attribute name="record"/></optional>
              <oneOrMore>
                <element name="field">
                  <attribute name="name"/>
                  <attribute name="label"/>
                  <optional>
                    <attribute name="type">
                      <choice>
                        <value>text</value><value>email</value><value>password</value><value>tel</value><value>date</value>
                        <value>number</value><value>checkbox</value><value>search</value><value>textarea</value><value>hidden</value>
                        <value>select</value><value>radio</value><value>checkboxes</value>
                      </choice>
                    </attribute>
                  </optional>
                  <optional><attribute name="options"><a:documentation>a collection whose records are a choice field's options</a:documentation></attribute></optional>
                  <optional><attribute name="option-label"><a:documentation>the field of those records each option reads as</a:documentation></attribute></optional>
                  <optional><attribute name="autocomplete"/></optional>
                  <optional><attribute name="hint"/></optional>
                  <optional><attribute name="draft"><choice><value>keep</value><value>never</value></choice></attribute></optional>
                  <zeroOrMore>
                    <choice>
                      <element name="required"><attribute name="message"/></element>
                      <element name="email"><attribute name="message"/></element>
                      <element name="checked"><attribute name="message"/></element>
                      <element name="min-length"><attribute name="value"><data type="nonNegativeInteger"/></attribute><attribute name="message"/></element>
                      <element name="max-length"><attribute name="value"><data type="positiveInteger"/></attribute><attribute name="message"/></element>
                      <element name="equals"><attribute name="field"/><attribute name="message"/></element>
                      <element name="pattern"><attribute name="value"/><attribute name="message"/></element>
                      <element name="one-of"><attribute name="message"/></element>
                      <element name="option"><attribute name="value"/><attribute name="label"/></element>
                    </choice>
                  </zeroOrMore>
                </element>
              </oneOrMore>
            </element>
          </define>

          <define name="action">
            <element name="action">
              <attribute name="id"/>
              <optional><attribute name="form"/></optional>
              <oneOrMore><ref name="step"/></oneOrMore>
            </element>
          </define>

          <define name="with">
            <element name="with">
              <attribute name="param"/>
              <choice><attribute name="value"/><attribute name="field"/><attribute name="from-param"/><attribute name="created"/></choice>
            </element>
          </define>

          <define name="step">
            <choice>
              <element name="navigate">
                <attribute name="route"/>
                <optional><attribute name="pop-up-to"/><optional><attribute name="inclusive"><data type="boolean"/></attribute></optional></optional>
                <optional><attribute name="single-top"><data type="boolean"/></attribute></optional>
                <zeroOrMore><ref name="with"/></zeroOrMore>
              </element>
              <element name="pop-up-to">
                <attribute name="route"/>
                <optional><attribute name="inclusive"><data type="boolean"/></attribute></optional>
              </element>
              <element name="detour">
                <attribute name="route"/>
                <zeroOrMore><ref name="with"/></zeroOrMore>
              </element>
              <element name="replace"><attribute name="route"/></element>
              <element name="back"><empty/></element>
              <element name="dismiss"><empty/></element>
              <element name="change-flow"><attribute name="flow"/></element>
              <element name="set-flag"><attribute name="name"/></element>
              <element name="alert"><attribute name="ref"/></element>
              <element name="toast"><attribute name="ref"/></element>
              <element name="track">
                <attribute name="funnel"/>
                <attribute name="step"/>
                <attribute name="number"><data type="positiveInteger"/></attribute>
              </element>
              <element name="effect">
                <attribute name="name"><data type="string"><param name="pattern">[a-z][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, starting with a letter</a:documentation></data></attribute>
                <optional><attribute name="purpose"><data type="string"><param name="pattern">[a-z][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, starting with a letter</a:documentation></data></attribute></optional>
                <optional><element name="on-success"><oneOrMore><ref name="step"/></oneOrMore></element></optional>
                <optional><element name="on-failure"><oneOrMore><ref name="step"/></oneOrMore></element></optional>
              </element>
              <ref name="data-write"/>
            </choice>
          </define>

          <define name="data-write">
            <choice>
              <element name="create"><attribute name="collection"/><zeroOrMore><ref name="set"/></zeroOrMore></element>
              <element name="toggle"><attribute name="collection"/><oneOrMore><ref name="set"/></oneOrMore></element>
              <element name="update"><attribute name="collection"/><ref name="record-id"/><oneOrMore><ref name="set"/></oneOrMore></element>
              <element name="delete"><attribute name="collection"/><ref name="record-id"/></element>
            </choice>
          </define>

          <define name="record-id">
            <choice><attribute name="id-param"/><attribute name="id-field"/></choice>
          </define>

          <define name="set">
            <element name="set">
              <attribute name="name"/>
              <choice><attribute name="value"/><attribute name="field"/><attribute name="param"/><attribute name="created"/></choice>
            </element>
          </define>

          <define name="data">
            <element name="data">
              <optional><attribute name="fixtures"/></optional>
              <zeroOrMore>
                <element name="collection">
                  <attribute name="id"><data type="string"><param name="pattern">[a-z][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, starting with a letter</a:documentation></data></attribute>
                  <attribute name="scope"><choice><value>app</value><value>account</value><value>session</value></choice></attribute>
                  <oneOrMore>
                    <element name="field">
                      <attribute name="name"><data type="string"><param name="pattern">[A-Za-z_][A-Za-z0-9_]*</param><a:documentation>letters, digits and _, not starting with a digit</a:documentation></data></attribute>
                      <optional>
                        <attribute name="type">
                          <choice><value>string</value><value>text</value><value>integer</value><value>boolean</value><value>reference</value></choice>
                        </attribute>
                      </optional>
                      <optional><attribute name="collection"/></optional>
                      <optional><attribute name="required"><data type="boolean"/></attribute></optional>
                    </element>
                  </oneOrMore>
                </element>
              </zeroOrMore>
              <zeroOrMore><ref name="count"/></zeroOrMore>
            </element>
          </define>

          <define name="query-body">
            <attribute name="name"><data type="string"><param name="pattern">[A-Za-z][A-Za-z0-9_\\-]*</param><a:documentation>letters, digits, _ and -, starting with a letter</a:documentation></data></attribute>
            <attribute name="collection"/>
            <zeroOrMore>
              <element name="where">
                <attribute name="field"/>
                <choice><attribute name="value"/><attribute name="param"/></choice>
              </element>
            </zeroOrMore>
            <optional><element name="search"><attribute name="fields"/><attribute name="param"/></element></optional>
          </define>

          <define name="count">
            <element name="count">
              <ref name="query-body"/>
              <optional><attribute name="label"/></optional>
            </element>
          </define>

          <define name="list">
            <element name="list">
              <ref name="query-body"/>
              <optional><attribute name="order"><data type="string"><param name="pattern">-?[A-Za-z_][A-Za-z0-9_]*</param><a:documentation>a field name, with - before it to sort from the highest</a:documentation></data></attribute></optional>
              <optional><attribute name="limit"><data type="positiveInteger"/></attribute></optional>
            </element>
          </define>

          <define name="alert">
            <element name="alert">
              <attribute name="id"/>
              <attribute name="title"/>
              <attribute name="message"/>
              <optional><attribute name="dismissible"><data type="boolean"/></attribute></optional>
              <oneOrMore>
                <element name="button">
                  <attribute name="label"/>
                  <optional><attribute name="action"/></optional>
                  <optional><attribute name="discards"><data type="boolean"/></attribute></optional>
                </element>
              </oneOrMore>
            </element>
          </define>

          <define name="toast">
            <element name="toast"><attribute name="id"/><attribute name="message"/></element>
          </define>

          <define name="usability-test">
            <element name="test">
              <attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, as in reset-password</a:documentation></data></attribute>
              <attribute name="name"/>
              <optional><attribute name="intro"/></optional>
              <oneOrMore>
                <element name="mission">
                  <attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, as in reset-password</a:documentation></data></attribute>
                  <attribute name="task"/>
                  <attribute name="start"><data type="string"><param name="pattern">[a-z\\-]+:.+</param><a:documentation>a state of the app's audit inventory as /_audit/states.json names it, as in screen:login</a:documentation></data></attribute>
                  <optional><attribute name="time-limit"><data type="string"><param name="pattern">[0-9]{1,6}</param><a:documentation>seconds, from 10 to 86400</a:documentation></data></attribute></optional>
                  <oneOrMore><element name="success"><attribute name="route"/></element></oneOrMore>
                  <zeroOrMore><element name="expected-path"><attribute name="routes"><list><oneOrMore><data type="string"/></oneOrMore></list></attribute></element></zeroOrMore>
                </element>
              </oneOrMore>
              <zeroOrMore>
                <choice>
                  <element name="choice-question"><attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, as in reset-password</a:documentation></data></attribute><attribute name="text"/><oneOrMore><element name="choice"><attribute name="label"/></element></oneOrMore></element>
                  <element name="text-question"><attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param><a:documentation>lowercase letters, digits and hyphens, as in reset-password</a:documentation></data></attribute><attribute name="text"/></element>
                  <element name="sus"><empty/></element>
                  <element name="assistive-technology-question"><empty/></element>
                </choice>
              </zeroOrMore>
            </element>
          </define>

          <define name="fixture">
            <choice>
              <element name="account">
                <attribute name="email"/>
                <attribute name="password"/>
                <optional><attribute name="verified"><data type="boolean"/></attribute></optional>
                <zeroOrMore><element name="profile"><attribute name="name"/><attribute name="value"/></element></zeroOrMore>
              </element>
              <element name="code"><attribute name="purpose"/><attribute name="value"/><optional><attribute name="valid"><data type="boolean"/></attribute></optional></element>
              <element name="token"><attribute name="purpose"/><attribute name="value"/><optional><attribute name="valid"><data type="boolean"/></attribute></optional></element>
            </choice>
          </define>

          <define name="flows">
            <element name="flows">
              <attribute name="id"/>
              <attribute name="initial"/>
              <oneOrMore><choice><ref name="tabs"/><ref name="stack"/></choice></oneOrMore>
              <zeroOrMore><ref name="modal"/></zeroOrMore>
            </element>
          </define>

          <define name="tabs">
            <element name="tabs">
              <attribute name="id"/>
              <optional><attribute name="initial"/></optional>
              <optional><attribute name="requires-sign-in"><data type="boolean"/></attribute></optional>
              <oneOrMore><ref name="tab"/></oneOrMore>
              <zeroOrMore><ref name="modal"/></zeroOrMore>
            </element>
          </define>

          <define name="tab">
            <element name="tab">
              <attribute name="id"/>
              <attribute name="root"/>
              <attribute name="title"/>
              <optional><attribute name="icon"/></optional>
              <optional><attribute name="badge"/></optional>
              <optional><attribute name="link"/></optional>
              <ref name="stack-options"/>
              <zeroOrMore><ref name="modal"/></zeroOrMore>
            </element>
          </define>

          <define name="stack">
            <element name="stack">
              <attribute name="id"/>
              <attribute name="root"/>
              <ref name="stack-options"/>
              <zeroOrMore><ref name="modal"/></zeroOrMore>
            </element>
          </define>

          <define name="modal">
            <element name="modal">
              <attribute name="id"/>
              <attribute name="root"/>
              <ref name="stack-options"/>
            </element>
          </define>

          <define name="stack-options">
            <optional><attribute name="depth-limit"><data type="positiveInteger"/></attribute></optional>
            <optional><attribute name="requires-sign-in"><data type="boolean"/></attribute></optional>
          </define>

          <define name="route">
            <element name="route">
              <attribute name="name"/>
              <attribute name="path"/>
              <attribute name="title"/>
              <attribute name="owner"/>
              <optional><attribute name="template"/></optional>
              <optional><attribute name="breadcrumb"/></optional>
              <optional><attribute name="close-label"/></optional>
              <optional><attribute name="under"/></optional>
              <optional><attribute name="description"/></optional>
              <optional><attribute name="detent"/></optional>
              <optional>
                <attribute name="presentation">
                  <choice>
                    \(Presentation.all.prefix(3).map { "<value>\($0.name)</value>" }.joined())
                    \(Presentation.all.dropFirst(3).map { "<value>\($0.name)</value>" }.joined())
                  </choice>
                </attribute>
              </optional>
              <optional><attribute name="shared-with"><list><oneOrMore><data type="string"/></oneOrMore></list></attribute></optional>
              <optional><attribute name="requires-sign-in"><data type="boolean"/></attribute></optional>
              <optional><attribute name="deep-link"><data type="boolean"/></attribute></optional>
              <optional><attribute name="step"><data type="string"><param name="pattern">[1-9][0-9]* of [1-9][0-9]*</param><a:documentation>a step such as 2 of 5</a:documentation></data></attribute></optional>
              <zeroOrMore>
                <element name="param">
                  <attribute name="name"/>
                  <optional><attribute name="type"><choice><value>string</value><value>integer</value><value>boolean</value></choice></attribute></optional>
                  <optional><attribute name="required"><data type="boolean"/></attribute></optional>
                  <optional><attribute name="pattern"/></optional>
                  <optional><attribute name="default"/></optional>
                  <optional><attribute name="query"><data type="string"><param name="minLength">1</param></data></attribute></optional>
                  <optional><attribute name="private"><data type="boolean"/></attribute></optional>
                  <optional><attribute name="collection"/></optional>
                  <optional><attribute name="as"><data type="string"><param name="pattern">[A-Za-z][A-Za-z0-9_]*</param><a:documentation>letters, digits and _, starting with a letter</a:documentation></data></attribute></optional>
                </element>
              </zeroOrMore>
              <zeroOrMore><element name="alias"><attribute name="path"/></element></zeroOrMore>
              <zeroOrMore><choice><ref name="list"/><ref name="count"/></choice></zeroOrMore>
              <optional><element name="on-open"><oneOrMore><ref name="data-write"/></oneOrMore></element></optional>
              <optional>
                <element name="unsaved-changes">
                  <attribute name="form"/>
                  <attribute name="alert"/>
                  <optional><attribute name="record"/></optional>
                </element>
              </optional>
            </element>
          </define>
        </grammar>
        """
}
