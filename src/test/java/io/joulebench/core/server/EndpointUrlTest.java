package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class EndpointUrlTest {

    @Test
    void credentials_query_and_fragment_never_reach_the_recorded_url() {
        assertThat(EndpointUrl.redacted(URI.create("https://me:s3cret@llm.example:8443/gw/v1/?key=abc#frag")))
                .isEqualTo("https://llm.example:8443/gw/v1");
        assertThat(EndpointUrl.redacted(URI.create("http://10.0.0.5:8000/"))).isEqualTo("http://10.0.0.5:8000");
        assertThat(EndpointUrl.redacted(URI.create("http://svc.llm.svc.cluster.local")))
                .isEqualTo("http://svc.llm.svc.cluster.local");
    }

    @Test
    void the_base_loses_only_its_trailing_slash() {
        assertThat(EndpointUrl.base(URI.create("http://h:1/gw/"))).isEqualTo(URI.create("http://h:1/gw"));
        assertThat(EndpointUrl.base(URI.create("http://h:1"))).isEqualTo(URI.create("http://h:1"));
    }
}
