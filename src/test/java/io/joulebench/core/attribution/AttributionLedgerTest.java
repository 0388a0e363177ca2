package io.joulebench.core.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttributionLedgerTest {

    @Test
    void a_request_spanning_windows_gets_the_sum_of_its_shares_and_each_window_sums_to_its_energy() {
        AttributionLedger ledger = new AttributionLedger(2);
        ledger.add(0, new RequestShare(7, 1, 0, 10));
        ledger.add(0, new RequestShare(8, 1, 0, 30));
        ledger.add(1, new RequestShare(7, 1, 0, 10));
        ledger.owner(7, 0, false);
        ledger.owner(8, 0, true);
        AttributionLedger.Result r = ledger.attribute(List.of(40.0, 5.0), List.of(1.0, 1.0),
                new AttributionRule(1, null));
        assertThat(r.perRequestJ().get(7L)).isCloseTo(10 + 5, within(1e-9));
        assertThat(r.perRequestJ().get(8L)).isCloseTo(30, within(1e-9));
        assertThat(r.perRequestJ().values().stream().mapToDouble(Double::doubleValue).sum())
                .isCloseTo(45, within(1e-9));
        // window 0's percentiles hold only its complete request; window 1 owns none
        assertThat(r.perWindow().get(0).p50J()).isCloseTo(30, within(1e-9));
        assertThat(r.perWindow().get(0).requests()).isEqualTo(1);
        assertThat(r.perWindow().get(1)).isNull();
    }

    @Test
    void a_window_without_energy_attributes_nothing() {
        AttributionLedger ledger = new AttributionLedger(1);
        ledger.add(0, new RequestShare(1, 1, 0, 1));
        ledger.owner(1, 0, true);
        AttributionLedger.Result r = ledger.attribute(Arrays.asList((Double) null), List.of(1.0),
                AttributionRule.DEFAULT);
        assertThat(r.perRequestJ()).isEmpty();
        assertThat(r.perWindow()).containsExactly((AttributedPercentiles) null);
    }

    @Test
    void percentiles_are_type_7() {
        AttributedPercentiles p = AttributedPercentiles.of(new double[] {4, 1, 3, 2});
        assertThat(p.p50J()).isCloseTo(2.5, within(1e-12));
        assertThat(p.p90J()).isCloseTo(3.7, within(1e-12));
        assertThat(p.p99J()).isCloseTo(3.97, within(1e-12));
        assertThat(AttributedPercentiles.of(new double[0])).isNull();
    }
}
