import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

public class RestApiTest {

    @Test
    @DisplayName("lender owes borrower less than new loan")
    public void lenderOwesBorrowerLessThanNewLoan() {
        String expected =
            new JSONObject()
                .put(
                    "users",
                    new JSONArray()
                        .put(
                            new JSONObject()
                                .put("name", "Adam")
                                .put("owes", new JSONObject())
                                .put(
                                    "owedBy",
                                    new JSONObject().put("Bob", 1.0))
                                .put("balance", 1.0))
                        .put(
                            new JSONObject()
                                .put("name", "Bob")
                                .put(
                                    "owes",
                                    new JSONObject().put("Adam", 1.0))
                                .put("owedBy", new JSONObject())
                                .put("balance", -1.0)))
                .toString();
        String url = "/iou";
        JSONObject payload =
            new JSONObject()
                .put("lender", "Adam")
                .put("borrower", "Bob")
                .put("amount", 4.0);

        assertThat(new RestApi(
                User.builder().setName("Adam").owes("Bob", 3.0).build(),
                User.builder().setName("Bob").owedBy("Adam", 3.0).build())
                .post(url, payload)).isEqualTo(expected);
    }
}
