/// The RELAX NG schema every `app.xml` is validated against (printed by `flowpages check --schema`).
public enum AppSchema {
    public static let relaxNG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <grammar xmlns="http://relaxng.org/ns/structure/1.0" datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
          <start>
            <element name="app">
              <attribute name="id"><data type="string"><param name="pattern">[a-z0-9][a-z0-9\\-]*</param></data></attribute>
              <attribute name="title"/>
              <optional><attribute name="locale"/></optional>
              <optional><attribute name="theme-color"/></optional>
              <zeroOrMore>
                <choice>
                  <element name="link-scheme"><attribute name="name"><data type="string"><param name="pattern">[a-z][a-z0-9+.\\-]*</param></data></attribute></element>
                  <element name="link-host"><attribute name="name"/></element>
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
            </element>
          </start>

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
              <optional>
                <attribute name="presentation">
                  <choice>
                    <value>push</value><value>replace</value><value>replace-stack</value>
                    <value>sheet</value><value>full-screen</value><value>form-sheet</value><value>alert</value>
                  </choice>
                </attribute>
              </optional>
              <optional><attribute name="shared-with"><list><oneOrMore><data type="string"/></oneOrMore></list></attribute></optional>
              <optional><attribute name="requires-sign-in"><data type="boolean"/></attribute></optional>
              <optional><attribute name="deep-link"><data type="boolean"/></attribute></optional>
              <optional><attribute name="step"><data type="string"><param name="pattern">[1-9][0-9]* of [1-9][0-9]*</param></data></attribute></optional>
              <zeroOrMore>
                <element name="param">
                  <attribute name="name"/>
                  <optional><attribute name="type"><choice><value>string</value><value>integer</value><value>boolean</value></choice></attribute></optional>
                  <optional><attribute name="required"><data type="boolean"/></attribute></optional>
                  <optional><attribute name="pattern"/></optional>
                </element>
              </zeroOrMore>
            </element>
          </define>
        </grammar>
        """
}
